// Runs a business operation exactly once per (scope, key).
//
// In ONE transaction: claim the key (INSERT ... ON CONFLICT DO NOTHING), run the business
// write, store the outcome with the result id, commit. So the record, the business row and
// the result id exist together or not at all (CONTRACT.md guarantee 1), and a crash or an
// error stores nothing final (guarantee 5): the retry simply runs again.
//
// A second request for the same key while the first is still running blocks on the claim's
// unique index until the first commits (then replays) or rolls back (then runs itself).
// The wait is bounded by lock_timeout; past it the answer is IDEMPOTENCY_IN_PROGRESS.
import { computeFingerprint, type FingerprintSpec } from "../shared/fingerprint.ts";
import { IdempotencyError } from "../shared/errors.ts";
import type { OperationResult } from "../shared/outcome.ts";
import { claimKey, findRecord, storeOutcome, type OperationRecord, type Scope } from "./record-store.ts";
import type { SqlClient, TransactionRunner } from "./sql-client.ts";

/** What a business function decides. A rejection by rule is final and replayed as such. */
export type BusinessOutcome<Body> =
  | { outcome: "completed"; status: number; body: Body; resultId: string }
  | { outcome: "rejected"; status: number; body: unknown };

export interface IdempotentOperation<Input extends object, Body, Tx extends SqlClient> {
  /** Operation type; with the principal it forms the scope. */
  type: string;
  fingerprint: FingerprintSpec<Input>;
  execute(tx: Tx, input: Input, context: { principal: string; key: string }): Promise<BusinessOutcome<Body>>;
}

export interface RunOptions {
  /** How long a request waits for a concurrent attempt with the same key. */
  lockTimeoutMs?: number;
  /** How long an outcome stays replayable (CONTRACT.md guarantee 7: at least 30 days). */
  retentionDays?: number;
  /** Seconds a client is told to wait before retrying an in-progress key. */
  retryAfterSeconds?: number;
  /** Told what each request came to, for metrics (must not throw or block). */
  observe?: (event: ObservedEvent) => void;
}

export type ObservedKind = "executed" | "rejected" | "replayed" | "conflict" | "in_progress" | "expired";
export interface ObservedEvent {
  operation: string;
  kind: ObservedKind;
  principal: string;
  key: string;
}

export const defaultRunOptions = { lockTimeoutMs: 2_000, retentionDays: 30, retryAfterSeconds: 1 } satisfies Omit<Required<RunOptions>, "observe">;

const LOCK_NOT_AVAILABLE = "55P03";
const QUERY_CANCELED = "57014";

export async function runOnce<Input extends object, Body, Tx extends SqlClient>(
  db: TransactionRunner<Tx>,
  operation: IdempotentOperation<Input, Body, Tx>,
  request: { principal: string; key: string; input: Input },
  options: RunOptions = {},
): Promise<OperationResult<Body>> {
  const observe = options.observe;
  if (!observe) return runOnceUnobserved(db, operation, request, options);
  try {
    const result = await runOnceUnobserved(db, operation, request, options);
    const kind = result.replayed ? "replayed" : result.outcome === "rejected" ? "rejected" : "executed";
    observe({ operation: operation.type, kind, principal: request.principal, key: request.key });
    return result;
  } catch (error) {
    if (error instanceof IdempotencyError) {
      const kind = ({ IDEMPOTENCY_KEY_REUSED: "conflict", IDEMPOTENCY_IN_PROGRESS: "in_progress", IDEMPOTENCY_KEY_EXPIRED: "expired" } as const)[error.code as string];
      if (kind) observe({ operation: operation.type, kind, principal: request.principal, key: request.key });
    }
    throw error;
  }
}

async function runOnceUnobserved<Input extends object, Body, Tx extends SqlClient>(
  db: TransactionRunner<Tx>,
  operation: IdempotentOperation<Input, Body, Tx>,
  request: { principal: string; key: string; input: Input },
  options: RunOptions,
): Promise<OperationResult<Body>> {
  const settings = { ...defaultRunOptions, ...options };
  const scope: Scope = { principal: request.principal, operation: operation.type };
  const fingerprint = computeFingerprint(operation.fingerprint, request.input);

  // Fast path for retries: a committed record answers without opening a transaction.
  const existing = await findRecord(db, scope, request.key);
  if (existing) return answerFromRecord<Body>(existing, fingerprint);

  try {
    const fresh = await db.$transaction(
      async (tx) => {
        const claimId = await claimKey(tx, scope, request.key, fingerprint, settings);
        if (claimId === null) {
          // Someone committed this key while we waited: answer from their record.
          const winner = await findRecord(tx, scope, request.key);
          if (!winner) throw inProgress(settings.retryAfterSeconds);
          return { record: winner, result: null };
        }
        const decided = await operation.execute(tx, request.input, { principal: request.principal, key: request.key });
        const resultId = decided.outcome === "completed" ? decided.resultId : null;
        const bodyJson = JSON.stringify(decided.body);
        await storeOutcome(tx, claimId, { outcome: decided.outcome, status: decided.status, bodyJson, resultId });
        return { record: null, result: { status: decided.status, body: decided.body as Body, bodyJson, resultId, outcome: decided.outcome, replayed: false } };
      },
      { maxWait: settings.lockTimeoutMs + 3_000, timeout: settings.lockTimeoutMs + 10_000 },
    );
    if (fresh.result) return fresh.result;
    return answerFromRecord<Body>(fresh.record, fingerprint);
  } catch (error) {
    if (isLockTimeout(error)) throw inProgress(settings.retryAfterSeconds);
    throw error;
  }
}

/** Replay, conflict or expiry, decided from a committed record. */
export function answerFromRecord<Body>(record: OperationRecord, fingerprint: string, now: Date = new Date()): OperationResult<Body> {
  if (record.outcome === "expired" || record.expiresAt.getTime() <= now.getTime()) {
    throw new IdempotencyError("IDEMPOTENCY_KEY_EXPIRED", "this operation key is past its retention period and will not be executed again");
  }
  if (record.outcome === "in_progress") throw inProgress(defaultRunOptions.retryAfterSeconds);
  if (record.fingerprint !== fingerprint) {
    throw new IdempotencyError("IDEMPOTENCY_KEY_REUSED", "this operation key was already used with different parameters", {
      boundTo: { status: record.responseStatus ?? 0, resultId: record.resultId, outcome: record.outcome },
    });
  }
  return {
    status: record.responseStatus ?? 200,
    body: JSON.parse(record.responseBody ?? "null") as Body,
    bodyJson: record.responseBody ?? "null",
    resultId: record.resultId,
    outcome: record.outcome,
    replayed: true,
  };
}

function inProgress(retryAfterSeconds: number): IdempotencyError {
  return new IdempotencyError("IDEMPOTENCY_IN_PROGRESS", "an earlier request with this operation key is still being processed", {
    retryAfterSeconds,
  });
}

function isLockTimeout(error: unknown): boolean {
  const codes = new Set<string>();
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { code?: unknown; cause?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } } };
    if (typeof e.code === "string") codes.add(e.code);
    const adapterCause = e.meta?.driverAdapterError?.cause;
    if (typeof adapterCause?.originalCode === "string") codes.add(adapterCause.originalCode);
    if (typeof e.meta?.code === "string") codes.add(e.meta.code);
    current = e.cause;
  }
  const message = error instanceof Error ? error.message : "";
  return codes.has(LOCK_NOT_AVAILABLE) || codes.has(QUERY_CANCELED) || /lock timeout/i.test(message);
}
