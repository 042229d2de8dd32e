// The one mutation function behind both forms (registered as TanStack Query mutation
// defaults, so persisted mutations can be resumed after a reload). On a retry it first looks
// the key up; only if the server never saw it does it resend the SAME key and parameters.
// Web Locks keep two tabs from working on one operation at the same time. Nothing is sent
// about an operation once the browser's session changed since it was sent (./session-tag.ts).
import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "@once/api/client";
import { leadFingerprint, orderFingerprint } from "@once/api/schemas";
import { computeFingerprint } from "@once/idempotency";
import { FinalRefusal, protocolOf, SESSION_CHANGED, type ConfirmedResult, type OperationVariables } from "./outcome";
import { sessionChangedFor } from "./session-tag";

/** Keys this tab has sent at least once: their next attempt starts with a lookup. */
const sentKeys = new Set<string>();

// Operations the customer replaced by editing the form: checked, never resent.
const SUPERSEDED_STORAGE = "once-superseded-keys";
function supersededKeys(): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(SUPERSEDED_STORAGE) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}
export function markSuperseded(key: string): void {
  const keys = supersededKeys();
  const weekAgo = Date.now() - 7 * 24 * 60 * 60 * 1000;
  for (const [k, at] of Object.entries(keys)) if (at < weekAgo) delete keys[k];
  keys[key] = Date.now();
  localStorage.setItem(SUPERSEDED_STORAGE, JSON.stringify(keys));
}

const fingerprintOf = (vars: OperationVariables) =>
  vars.type === "order" ? computeFingerprint(orderFingerprint, vars.params) : computeFingerprint(leadFingerprint, vars.params);

async function withOperationLock<T>(key: string, run: () => Promise<T>): Promise<T> {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return run();
  return navigator.locks.request(`once-operation:${key}`, run) as Promise<T>;
}

/**
 * Stops before any request about an operation sent under another session: the current session
 * is another principal, which would answer "never seen" and be sent the operation again.
 */
function assertSameSession(vars: OperationVariables): void {
  if (sessionChangedFor(vars)) throw new FinalRefusal(SESSION_CHANGED, 0);
}

/** What the server knows of this operation: its result, a FinalRefusal, or null (never seen). */
export async function lookUp(client: TRPCClient<AppRouter>, vars: OperationVariables): Promise<ConfirmedResult | null> {
  assertSameSession(vars);
  try {
    const found = await client.operation.status.query({ key: vars.key, type: vars.type, fingerprint: fingerprintOf(vars) });
    if (found.fingerprintMatches === false) {
      throw new FinalRefusal("IDEMPOTENCY_KEY_REUSED", 422, { status: found.status ?? 0, resultId: found.resultId, outcome: found.outcome });
    }
    if (found.outcome === "completed") {
      const body = found.result as { id: string; number: string };
      return { id: body.id, number: body.number, replayed: true };
    }
    const stored = found.result as { code?: string } | null;
    throw new FinalRefusal(found.outcome === "expired" ? "IDEMPOTENCY_KEY_EXPIRED" : (stored?.code ?? "REJECTED"), found.status ?? 410);
  } catch (error) {
    if (protocolOf(error)?.code === "NOT_FOUND") return null; // never reached the server: resend
    throw error;
  }
}

export function createSubmitOperation(client: TRPCClient<AppRouter>) {
  return (vars: OperationVariables): Promise<ConfirmedResult> =>
    withOperationLock(vars.key, async () => {
      const superseded = vars.key in supersededKeys();
      if (sentKeys.has(vars.key) || superseded) {
        const known = await lookUp(client, vars);
        if (known) return known;
        if (superseded) throw new FinalRefusal("SUPERSEDED", 0);
      }
      assertSameSession(vars);
      sentKeys.add(vars.key);
      const input = { ...vars.params, idempotencyKey: vars.key };
      const answer =
        vars.type === "order"
          ? await client.order.create.mutate(input as Parameters<typeof client.order.create.mutate>[0])
          : await client.lead.submit.mutate(input as Parameters<typeof client.lead.submit.mutate>[0]);
      const body = answer.result as { id: string; number: string };
      return { id: body.id, number: body.number, replayed: answer.replayed };
    });
}
