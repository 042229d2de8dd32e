import { idempotentCustomerMutation, createTRPCRouter } from "../trpc.ts";
import { createOrderOperation } from "../order/create-order.ts";
import { orderInputSchema } from "../order/order-schema.ts";

export const orderRouter = createTRPCRouter({
  create: idempotentCustomerMutation(orderInputSchema, createOrderOperation),
});
