import { z } from "zod";
import { createTRPCRouter, customerProcedure } from "../trpc.ts";
import { listCustomerHistory, customerHistorySchema } from "../customer/list-history.ts";

export const meRouter = createTRPCRouter({
  /** This customer's orders and inquiries, newest first. */
  history: customerProcedure
    .input(z.void())
    .output(customerHistorySchema)
    .query(({ ctx }) => listCustomerHistory(ctx.prisma, ctx.customerId)),
});
