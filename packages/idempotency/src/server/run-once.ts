// Runs a business operation exactly once per (scope, key), over any IdempotencyStore.
//
// In ONE transaction: claim the key, run the business write, store the outcome with the
// result id, commit. So the record, the business row and the result id exist together or not
// at all, and a crash or an error stores nothing final: the retry simply runs again.
//
// The claim is also the look-up: it reads the record of a key that is taken, so a fresh key
// sends no statement before its transaction (on PostgreSQL: BEGIN, the claim, the business
// statements, the outcome, COMMIT), and a replay is answered from the claim. A caller that has
// looked the key up anyway hands its record in (`found`), and a replay then opens no
// transaction at all.
//
// A second request for the same key while the first is still running waits on the claim
// until the first commits (then replays) or rolls back (then runs itself); it never reaches
// its business write while the first holds the key. The wait is bounded by the lock timeout;
// past it the answer is IDEMPOTENCY_IN_PROGRESS.
import { computeFingerprint, type FingerprintSpec } from "../shared/fingerprint.ts";
import { IdempotencyError } from "../shared/errors.ts";
import type { OperationResult } from "../shared/outcome.ts";
import { MIN_RETENTION_DAYS } from "./retention.ts";
import { LockTimeoutError, type IdempotencyStore, type OperationRecord, type Scope } from "./store.ts";

/** What a business function decides. A rejection by rule is final and replayed as such. */
export type BusinessOutcome<Body> =
  { outcome: "completed"; status: number; body: Body; resultId: string } | { outcome: "rejected"; status: number; body: unknown };

export interface IdempotentOperation<Input extends object, Body, Tx> {
  /** Operation type; with the principal it forms the scope. */
  type: string;
  fingerprint: FingerprintSpec<Input>;
  execute(tx: Tx, input: Input, context: { principal: string; key: string }): Promise<BusinessOutcome<Body>>;
}

/** How the protocol behaves; every field has a default (`defaultConfig`). */
export interface IdempotencyConfig {
  /** How long a request waits for a concurrent attempt with the same key. */
  lockTimeoutMs?: number;
  /** How long an outcome stays replayable (the contract: at least MIN_RETENTION_DAYS, 30 days). */
  retentionDays?: number;
  /** Seconds a client is told to wait before retrying an in-progress key. */
  retryAfterSeconds?: number;
  /** Told what each request came to, for metrics (must not throw or block). */
  observe?: (event: ObservedEvent) => void;
  /** The clock (tests). */
  now?: () => Date;
}

export type ObservedKind = "executed" | "rejected" | "replayed" | "conflict" | "in_progress" | "expired";
export interface ObservedEvent {
  operation: string;
  kind: ObservedKind;
  principal: string;
  key: string;
}

type Settings = Required<Omit<IdempotencyConfig, "observe">>;

export const defaultConfig: Readonly<Omit<Settings, "now">> = { lockTimeoutMs: 2_000, retentionDays: MIN_RETENTION_DAYS, retryAfterSeconds: 1 };

const REFUSAL_KINDS: Partial<Record<string, ObservedKind>> = {
  IDEMPOTENCY_KEY_REUSED: "conflict",
  IDEMPOTENCY_IN_PROGRESS: "in_progress",
  IDEMPOTENCY_KEY_EXPIRED: "expired",
};

/** One request for an operation under a key. */
export interface OperationRequest<Input> {
  principal: string;
  key: string;
  input: Input;
  /**
   * The caller's own look-up of this key in this scope during this request (`store.find`), if
   * it made one, e.g. to choose a rate-limit budget: runOnce answers from that record without
   * a transaction, or with null goes to the claim. Without it runOnce looks nothing up before
   * the claim, which reads the record of a key that is taken: a fresh key saves a statement, a
   * replay costs a transaction (BEGIN, the claim, COMMIT) instead of one look-up. Either way the
   * claim settles a request that committed the key since (its record is then answered).
   */
  found?: OperationRecord | null;
}

export async function runOnce<Input extends object, Body, Tx>(
  store: IdempotencyStore<Tx>,
  operation: IdempotentOperation<Input, Body, Tx>,
  request: OperationRequest<Input>,
  config: IdempotencyConfig = {},
): Promise<OperationResult<Body>> {
  const observe = config.observe;
  if (!observe) return execute(store, operation, request, config);
  const event = (kind: ObservedKind) => observe({ operation: operation.type, kind, principal: request.principal, key: request.key });
  try {
    const result = await execute(store, operation, request, config);
    event(result.replayed ? "replayed" : result.outcome === "rejected" ? "rejected" : "executed");
    return result;
  } catch (error) {
    const kind = error instanceof IdempotencyError ? REFUSAL_KINDS[error.code] : undefined;
    if (kind) event(kind);
    throw error;
  }
}

async function execute<Input extends object, Body, Tx>(
  store: IdempotencyStore<Tx>,
  operation: IdempotentOperation<Input, Body, Tx>,
  request: OperationRequest<Input>,
  config: IdempotencyConfig,
): Promise<OperationResult<Body>> {
  const settings: Settings = { ...defaultConfig, now: () => new Date(), ...withoutUndefined(config) };
  const scope: Scope = { principal: request.principal, operation: operation.type };
  const fingerprint = computeFingerprint(operation.fingerprint, request.input);

  // The caller's look-up, when it made one, answers a retry without opening a transaction. (A
  // record handed in for another key or operation is not this request's: the claim decides.)
  const known = request.found;
  if (known && known.key === request.key && known.operation === operation.type) return answerFromRecord<Body>(known, fingerprint, settings);

  const expiresAt = new Date(settings.now().getTime() + settings.retentionDays * 86_400_000);
  try {
    const fresh = await store.transaction(
      async ({ tx, claim, find, complete }) => {
        const claimed = await claim(scope, request.key, fingerprint, expiresAt);
        if ("taken" in claimed) {
          // The key has an outcome: answer from its record, read by the claim, or, when this
          // claim waited for the transaction that committed it, by a statement of its own.
          const winner = claimed.taken ?? (await find(scope, request.key));
          if (!winner) throw inProgress(settings);
          return { record: winner, result: null };
        }
        const decided = await operation.execute(tx, request.input, { principal: request.principal, key: request.key });
        const resultId = decided.outcome === "completed" ? decided.resultId : null;
        const bodyJson = JSON.stringify(decided.body);
        await complete(claimed.held, { outcome: decided.outcome, status: decided.status, bodyJson, resultId });
        return { record: null, result: { status: decided.status, body: decided.body as Body, bodyJson, resultId, outcome: decided.outcome, replayed: false } };
      },
      { lockTimeoutMs: settings.lockTimeoutMs },
    );
    return fresh.result ?? answerFromRecord<Body>(fresh.record, fingerprint, settings);
  } catch (error) {
    if (error instanceof LockTimeoutError) throw inProgress(settings);
    throw error;
  }
}

/** Replay, conflict or expiry, decided from a committed record. */
export function answerFromRecord<Body>(record: OperationRecord, fingerprint: string, settings: { now?: () => Date } = {}): OperationResult<Body> {
  const now = settings.now?.() ?? new Date();
  if (record.outcome === "expired" || record.expiresAt.getTime() <= now.getTime()) {
    throw new IdempotencyError("IDEMPOTENCY_KEY_EXPIRED", "this operation key is past its retention period and will not be executed again");
  }
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

function inProgress(settings: { retryAfterSeconds: number }): IdempotencyError {
  return new IdempotencyError("IDEMPOTENCY_IN_PROGRESS", "an earlier request with this operation key is still being processed", {
    retryAfterSeconds: settings.retryAfterSeconds,
  });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
