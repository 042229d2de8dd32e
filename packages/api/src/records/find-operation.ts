// operation.status: what happened to one of the caller's operations, by key. Only the
// caller's own principal is searched, so another customer's key reveals nothing.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { OPERATION_TYPES, type OperationType } from "../registry.ts";
import { recordStore } from "./record-store.ts";

export const operationViewSchema = z.object({
  key: z.string(),
  type: z.enum(OPERATION_TYPES),
  /** completed | rejected | expired */
  outcome: z.enum(["completed", "rejected", "expired"]),
  status: z.number().int().nullable(),
  resultId: z.string().nullable(),
  result: z.unknown().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When the caller sent a fingerprint: whether the key is bound to those same parameters. */
  fingerprintMatches: z.boolean().nullable(),
});
export type OperationView = z.infer<typeof operationViewSchema>;

export async function findOperation(
  prisma: PrismaClient,
  principal: string,
  key: string,
  type?: OperationType,
  fingerprint?: string,
): Promise<OperationView | null> {
  const record = await recordStore(prisma).findForPrincipal(principal, key, type ? [type] : OPERATION_TYPES);
  if (!record) return null;
  const expired = record.outcome === "expired" || record.expiresAt <= new Date();
  return {
    key,
    type: record.operation as OperationType,
    outcome: expired ? "expired" : record.outcome,
    status: record.responseStatus,
    resultId: record.resultId,
    result: expired || record.responseBody === null ? null : (JSON.parse(record.responseBody) as unknown),
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt.toISOString(),
    fingerprintMatches: fingerprint === undefined ? null : fingerprint === record.fingerprint,
  };
}
