// Builds the tRPC context for one request (HTTP handler and RSC prefetch alike).
import "server-only";
import { headers } from "next/headers";
import { createContextInner, recordOperationEvent } from "@once/api";
import { clientAddressOf } from "@once/api/limits";
import { requestIdOf } from "@once/api/request";
import type { ObservedEvent } from "@once/idempotency/server";
import { metrics } from "./metrics/registry";
import { prisma, readReplica } from "./prisma";
import { env } from "~/env";
import { staffSessionFromHeaders, staffSessionStands } from "@once/auth";
import { getAuth } from "./auth";
import { chatSettings, operationSettings } from "./business-settings";
import { getRateLimits } from "./rate-limits";
import { customerIdFromRequest } from "./session";

/** Each protocol answer goes to the operator view's hourly counts and to /metrics. */
function observe(event: ObservedEvent): void {
  recordOperationEvent(event);
  metrics().answers.inc({ operation: event.operation, kind: event.kind });
}

/** How the exactly-once protocol behaves on this node. */
export const idempotencyConfig = () => ({
  retentionDays: env.IDEMPOTENCY_RETENTION_DAYS,
  lockTimeoutMs: env.IDEMPOTENCY_LOCK_TIMEOUT_MS,
  observe,
});

export async function createRequestContext(requestHeaders?: Headers) {
  const source = requestHeaders ?? (await headers());
  const [customerId, signedIn] = await Promise.all([customerIdFromRequest(source), staffSessionFromHeaders(getAuth(), source)]);
  // A live stream asks again whether this very session still stands (signed out, expired, disabled).
  const staffSession = signedIn && { id: signedIn.sessionId, stillValid: () => staffSessionStands(prisma(), signedIn.sessionId) };
  return createContextInner({
    prisma: prisma(),
    readReplica: readReplica(),
    customerId,
    staff: signedIn?.staff ?? null,
    staffSession,
    idempotency: idempotencyConfig(),
    requestId: requestIdOf(source),
    clientAddress: clientAddressOf(source),
    limits: getRateLimits(),
    operationSettings: operationSettings(),
    chat: chatSettings(),
  });
}
