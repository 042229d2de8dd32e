// The look-up: what happened to one of the caller's operations, by its key (tRPC `operation.status`;
// the REST twin is ../rest/look-up.ts). The path keeps its name: browsers with an older page call it.
import { z } from "zod";
import { operationKeySchema } from "@once/idempotency";
import { OPERATION_TYPES } from "../registry.ts";
import { appTRPCError } from "../app-error.ts";
import { findOperation, operationViewSchema } from "../records/find-operation.ts";
import { createTRPCRouter, customerProcedure } from "../trpc.ts";

export const lookUpRouter = createTRPCRouter({
  /** The caller's own operation with this key: its outcome and result id, or NOT_FOUND. */
  status: customerProcedure
    .input(z.object({ key: operationKeySchema, type: z.enum(OPERATION_TYPES).optional(), fingerprint: z.string().max(80).optional() }))
    .output(operationViewSchema)
    .query(async ({ ctx, input }) => {
      const found = await findOperation(ctx.prisma, ctx.principal, input.key, input.type, input.fingerprint);
      if (!found) throw appTRPCError("NOT_FOUND", "no operation of yours has this key");
      return found;
    }),
});
