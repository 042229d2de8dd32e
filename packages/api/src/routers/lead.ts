import { idempotentCustomerMutation, createTRPCRouter } from "../trpc.ts";
import { leadOperation, submitLeadOperation } from "../lead/submit-lead.ts";
import { leadInputSchema } from "../lead/lead-schema.ts";

export const leadRouter = createTRPCRouter({
  submit: idempotentCustomerMutation(leadInputSchema, (ctx) => (ctx.leadSettings ? leadOperation(ctx.leadSettings) : submitLeadOperation)),
});
