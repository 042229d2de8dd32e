// Builds the tRPC context for one request (HTTP handler and RSC prefetch alike).
import "server-only";
import { headers } from "next/headers";
import { createContextInner, recordOperationEvent } from "@once/api";
import { clientAddressOf } from "@once/api/limits";
import { requestIdOf } from "@once/api/request";
import { prisma } from "./prisma";
import { env } from "~/env";
import { staffFromHeaders } from "@once/auth";
import { getAuth } from "./auth";
import { leadSettings, orderRules } from "./business-settings";
import { getRateLimits } from "./rate-limits";
import { customerIdFromRequest } from "./session";

/** How the exactly-once protocol behaves on this node. */
export const idempotencyConfig = () => ({
  retentionDays: env.IDEMPOTENCY_RETENTION_DAYS,
  lockTimeoutMs: env.IDEMPOTENCY_LOCK_TIMEOUT_MS,
  observe: recordOperationEvent,
});

export async function createRequestContext(requestHeaders?: Headers) {
  const source = requestHeaders ?? (await headers());
  const [customerId, staff] = await Promise.all([customerIdFromRequest(source), staffFromHeaders(getAuth(), source)]);
  return createContextInner({
    prisma: prisma(),
    customerId,
    staff,
    idempotency: idempotencyConfig(),
    requestId: requestIdOf(source),
    clientAddress: clientAddressOf(source),
    limits: getRateLimits(),
    orderRules: orderRules(),
    leadSettings: leadSettings(),
  });
}
