import { idempotentCustomerMutation, createTRPCRouter } from "../trpc.ts";
import { orderOperation } from "../order/create-order.ts";
import { orderInputSchema } from "../order/order-schema.ts";

export const orderRouter = createTRPCRouter({
  create: idempotentCustomerMutation(orderInputSchema, (ctx) =>
    orderOperation(ctx.orderRules, { limits: ctx.limits, clientAddress: ctx.clientAddress ?? "unknown" }),
  ),
});
