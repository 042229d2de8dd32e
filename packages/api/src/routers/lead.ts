import { idempotentCustomerMutation, createTRPCRouter } from "../trpc.ts";
import { leadOperation } from "../lead/submit-lead.ts";
import { leadInputSchema } from "../lead/lead-schema.ts";

export const leadRouter = createTRPCRouter({
  // Built per request: the outbox rows carry this request's id.
  submit: idempotentCustomerMutation(leadInputSchema, (ctx) => leadOperation({ channels: ctx.leadSettings?.channels ?? [], requestId: ctx.requestId })),
});
