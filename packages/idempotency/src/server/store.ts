// Where the protocol keeps its records: the one interface every read and write of an operation
// record goes through. `runOnce` needs only `transaction` (its claim reads the record of a key
// that is taken); `find` serves callers that look a key up first (REST, to pick a budget, then
// hands the record to runOnce), and the rest the operation look-up, the counters shown to
// operators and retention. Implementations: PostgreSQL over a Prisma client
// (`@once/idempotency/postgres`) and in memory (`@once/idempotency/memory`, for fast tests of
// protocol states); both pass one suite (`@once/idempotency/testing`).

export interface Scope {
  /** Who acts, from the server's auth context only: "customer:<id>", "staff:<id>", ... */
  principal: string;
  /** The operation type, e.g. "order" or "lead". */
  operation: string;
}

export type RecordOutcome = "completed" | "rejected" | "expired";

/** A committed record. (A claim in progress is never visible outside its transaction.) */
export interface OperationRecord {
  operation: string;
  key: string;
  fingerprint: string;
  outcome: RecordOutcome;
  responseStatus: number | null;
  /** The first response body as the exact JSON text that was sent; null once expired. */
  responseBody: string | null;
  resultId: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** Later requests with this key, by answer (see `addCounters`). */
  counters: RecordCounters;
}

export interface RecordCounters {
  replayed: number;
  conflict: number;
  inProgress: number;
}

export interface OutcomeToStore {
  outcome: "completed" | "rejected";
  status: number;
  bodyJson: string;
  resultId: string | null;
}

/** The protocol's side of one transaction; `tx` is what the business function writes with. */
export interface StoreTransaction<Tx> {
  readonly tx: Tx;
  /**
   * Claims the key for this transaction, and reads its record when it is taken, in one step: a
   * fresh key needs no look-up before its claim, and a key with an outcome is answered from the
   * claim. Waits while another transaction holds a claim on the key, until that one commits
   * (the key is taken) or rolls back (this transaction claims it).
   */
  claim: (scope: Scope, key: string, fingerprint: string, expiresAt: Date) => Promise<Claim>;
  find: (scope: Scope, key: string) => Promise<OperationRecord | null>;
  /** Records the outcome on the claim; it becomes visible with the commit. */
  complete: (claim: ClaimToken, outcome: OutcomeToStore) => Promise<void>;
}

/**
 * What a claim came to. `held`: this transaction holds the key; write the business rows and
 * `complete` it. `taken`: another transaction committed the key; `taken` is its record when the
 * claim could read it, null when it could not (PostgreSQL: a statement sees the table as it was
 * when it began, so a record committed by the transaction the claim waited for is read by a
 * second statement, `find`).
 */
export type Claim = { held: ClaimToken } | { taken: OperationRecord | null };

/** Opaque: what `claim` hands back for `complete`. */
export type ClaimToken = { readonly claim: unknown };

export interface CounterDelta extends Scope, Partial<RecordCounters> {
  key: string;
}

export interface IdempotencyStore<Tx = unknown> {
  find(scope: Scope, key: string): Promise<OperationRecord | null>;
  /**
   * Runs `work` in one transaction: everything it does, the claim, the business write and the
   * outcome, commits together or not at all (a thrown error rolls all of it back). Waiting for
   * a claim held elsewhere lasts at most `lockTimeoutMs`, then `LockTimeoutError`.
   */
  transaction<R>(work: (transaction: StoreTransaction<Tx>) => Promise<R>, options: { lockTimeoutMs: number }): Promise<R>;
  /** The newest committed record of `principal` with this key among `operations`. */
  findForPrincipal(principal: string, key: string, operations: readonly string[]): Promise<OperationRecord | null>;
  /** Adds to the counters of existing records (unknown ones are ignored). */
  addCounters(deltas: readonly CounterDelta[]): Promise<void>;
  /**
   * Retention: records past `expiresAt` lose their stored response and become "expired"
   * tombstones, `batchSize` at a time; the tombstone keeps the key answering 410.
   */
  expire(options?: { batchSize?: number; maxBatches?: number; now?: Date }): Promise<number>;
  /**
   * Compaction: deletes tombstones whose key expired at or before `expiredBefore`, `batchSize`
   * per statement (each its own short transaction: no long locks). Only tombstones go; a record
   * still replayable is never touched. Once deleted, the key is unknown again, so the caller
   * picks `expiredBefore` past the time any client could still send it (`tombstoneHorizon`).
   */
  compact(options: { expiredBefore: Date; batchSize?: number; maxBatches?: number }): Promise<number>;
  /**
   * Abandoned claims: deletes records committed "in progress" whose claim was made at or before
   * `claimedBefore` (`abandonedClaimHorizon`), `batchSize` per statement. Only a claim that ran
   * without its transaction can commit so (postgres-store.ts, takeOverAbandoned); its request
   * failed before any business write, so the key is unknown again, as the status look-up
   * already answers it. A claim still held by a live transaction is never touched.
   */
  forgetAbandoned(options: { claimedBefore: Date; batchSize?: number; maxBatches?: number }): Promise<number>;
}

/** A claim held by another transaction was not released within the lock timeout. */
export class LockTimeoutError extends Error {
  override name = "LockTimeoutError";
}
