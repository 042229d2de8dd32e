// Builds the tRPC context for one request (HTTP handler and RSC prefetch alike).
import "server-only";
import { headers } from "next/headers";
import { createContextInner } from "@once/api";
import { getPrisma } from "@once/db";
import { env } from "~/env";
import { customerIdFromRequest } from "./session";

export const runOptions = () => ({ retentionDays: env.IDEMPOTENCY_RETENTION_DAYS, lockTimeoutMs: env.IDEMPOTENCY_LOCK_TIMEOUT_MS });

export async function createRequestContext(requestHeaders?: Headers) {
  const source = requestHeaders ?? (await headers());
  return createContextInner({ prisma: getPrisma(), customerId: await customerIdFromRequest(source), runOptions: runOptions() });
}
