// The PostgreSQL store over a Prisma client (or anything with Prisma's raw-query and
// interactive-transaction methods), so business functions run in the same transaction as
// the claim and receive the full Prisma transaction client. Raw SQL because the claim must
// be an INSERT … ON CONFLICT DO NOTHING RETURNING: only that says, without aborting the
// transaction, whether this request won the key; the same statement reads the record of a key
// that is taken, so the protocol needs no look-up of its own. The table is the one
// prisma/schema.prisma declares (model IdempotencyRecord: the columns the queries below name).
//
// What a fresh key sends: BEGIN (Prisma's driver adapter, before any statement of ours), the
// claim, the business statements, the outcome, COMMIT (Prisma's, after the last). The claim and
// the outcome begin with the comments PIPELINE_AFTER_BEGIN and PIPELINE_BEFORE_COMMIT of
// packages/db/src/pipelined-client.ts (written out here: this package does not depend on the
// app's database package): on the app's connections BEGIN and the claim travel together, and so
// do the outcome and COMMIT, so the protocol's own statements cost two round trips, not four.
// Elsewhere the comments are only comments. `pnpm bench:protocol-steps` counts them on the wire.
import type { Claim, ClaimToken, CounterDelta, IdempotencyStore, OperationRecord, Scope, OutcomeToStore, StoreTransaction } from "../server/store.ts";
import { LockTimeoutError } from "../server/store.ts";
import { isLockTimeout } from "./lock-timeout.ts";

/** The slice of a Prisma client the store needs, typed structurally (no generated client). */
export interface SqlClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

export interface TransactionRunner<Tx extends SqlClient> extends SqlClient {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

export interface PostgresStoreOptions {
  /** Table of the records (default "idempotency_record"). */
  table?: string;
  /** The enum type of its `outcome` column (default Prisma's "OperationOutcome"). */
  outcomeType?: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const quoted = (name: string) => {
  if (!IDENTIFIER.test(name)) throw new TypeError(`not a plain SQL identifier: ${name}`);
  return `"${name}"`;
};

interface RecordRow {
  operation: string;
  key: string;
  fingerprint: string;
  outcome: "in_progress" | OperationRecord["outcome"];
  responseStatus: number | null;
  responseBody: string | null;
  resultId: string | null;
  createdAt: Date;
  expiresAt: Date;
  replayed: number;
  conflict: number;
  inProgress: number;
}

/** The claim's one row: the new claim's id, or (null) the columns of the record already there, if any. */
type ClaimRow = { claim: bigint | null } & { [Column in keyof RecordRow]: RecordRow[Column] | null };

/** The marks packages/db/src/pipelined-client.ts reads (its PIPELINE_AFTER_BEGIN and PIPELINE_BEFORE_COMMIT). */
export const SENT_WITH_BEGIN = "/* pipeline: after begin */";
export const SENT_WITH_COMMIT = "/* pipeline: before commit */";

const toRecord = (row: RecordRow | undefined): OperationRecord | null =>
  !row || row.outcome === "in_progress"
    ? null
    : {
        operation: row.operation,
        key: row.key,
        fingerprint: row.fingerprint,
        outcome: row.outcome,
        responseStatus: row.responseStatus,
        responseBody: row.responseBody,
        resultId: row.resultId,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
        counters: { replayed: row.replayed, conflict: row.conflict, inProgress: row.inProgress },
      };

const recordColumns = `operation, key, fingerprint, outcome::text as "outcome", response_status as "responseStatus",
    response_body as "responseBody", result_id as "resultId", created_at as "createdAt", expires_at as "expiresAt",
    replay_count as "replayed", conflict_count as "conflict", in_progress_count as "inProgress"`;

/**
 * The store's look-up of one key (`find`) as SQL for a statement of the caller's to embed, so
 * that the look-up and what it decides travel as one statement (packages/api's REST create
 * spends the budget the record calls for in the same statement: look-up-and-spend.ts). `sql`
 * reads the scope's principal as $1, its operation as $2 and the key as $3, and selects at most
 * one row, which `record` turns into what `find` answers.
 */
export function recordLookUp(options: PostgresStoreOptions = {}): { sql: string; record: (row: object | undefined) => OperationRecord | null } {
  const table = quoted(options.table ?? "idempotency_record");
  return {
    sql: `select ${recordColumns} from ${table} where principal = $1 and operation = $2 and key = $3`,
    record: (row) => toRecord(row as RecordRow | undefined),
  };
}

export function createPostgresStore<Tx extends SqlClient>(db: TransactionRunner<Tx>, options: PostgresStoreOptions = {}): IdempotencyStore<Tx> {
  const table = quoted(options.table ?? "idempotency_record");
  const outcomeType = quoted(options.outcomeType ?? "OperationOutcome");
  const columns = recordColumns;
  const lookUp = recordLookUp(options);

  const find = async (client: SqlClient, scope: Scope, key: string) =>
    lookUp.record((await client.$queryRawUnsafe<RecordRow[]>(lookUp.sql, scope.principal, scope.operation, key))[0]);

  // A record the claim saw "in progress" was committed so (the claim reads committed rows only),
  // which runOnce never does: its claim commits only together with the outcome. Only a claim
  // that ran without its transaction leaves one (pipelined with a BEGIN that failed, on a
  // connection that lived on: packages/db/src/pipelined-client.ts); its request failed before
  // any business write. Left alone it would answer "in progress" forever, so the key is taken
  // over: this transaction holds it as its claim. A concurrent request doing the same waits on the
  // row, then finds it finished (a replay) or, if this one rolled back, takes it over itself.
  const takeOverAbandoned = async (tx: Tx, scope: Scope, key: string, fingerprint: string, expiresAt: Date): Promise<Claim> => {
    const [row] = await tx.$queryRawUnsafe<{ id: bigint }[]>(
      `update ${table} set fingerprint = $4, expires_at = $5::timestamptz, created_at = now()
       where principal = $1 and operation = $2 and key = $3 and outcome = 'in_progress'
       returning id`,
      scope.principal,
      scope.operation,
      key,
      fingerprint,
      expiresAt,
    );
    return row ? { held: { claim: row.id } } : { taken: null };
  };

  const transactionFor = (tx: Tx, lockTimeoutMs: number): StoreTransaction<Tx> => ({
    tx,
    async claim(scope, key, fingerprint, expiresAt) {
      // One statement, one round trip: lock_timeout for this transaction, the claim, and the
      // record of a key that is taken. The uncommitted row is the claim: a concurrent claim of
      // the key waits on its unique-index entry until this transaction ends, so a duplicate
      // never reaches its business write while this one holds the key. `existing` sees the table
      // as it was when the statement began: a record committed before (a replay, a conflict, an
      // expired key), never the row this claim inserts, nor one committed while the statement
      // ran, typically by the transaction the claim waited for (then null: runOnce reads it
      // with `find`, the one case that costs a second statement).
      //
      // It may travel with BEGIN (SENT_WITH_BEGIN). Had that BEGIN ever failed on a connection
      // that lived on, the claim would have run alone and committed "in progress": see
      // takeOverAbandoned, which the next request for the key then goes through.
      const [row] = await tx.$queryRawUnsafe<ClaimRow[]>(
        `${SENT_WITH_BEGIN}
         with lock_wait as (select set_config('lock_timeout', $6, true)),
         claimed as (
           insert into ${table} (principal, operation, key, fingerprint, outcome, expires_at)
           select $1, $2, $3, $4, 'in_progress', $5::timestamptz from lock_wait
           on conflict (principal, operation, key) do nothing
           returning id)
         select (select id from claimed) as "claim", existing.*
         from (select) as one
         left join (${lookUp.sql}) as existing on true`,
        scope.principal,
        scope.operation,
        key,
        fingerprint,
        expiresAt,
        `${lockTimeoutMs}ms`,
      );
      if (row?.claim != null) return { held: { claim: row.claim } };
      if (row?.outcome === "in_progress") return takeOverAbandoned(tx, scope, key, fingerprint, expiresAt);
      return { taken: row?.operation == null ? null : toRecord(row as RecordRow) };
    },
    find: (scope, key) => find(tx, scope, key),
    async complete(claim: ClaimToken, outcome: OutcomeToStore) {
      // Its count is not read, so it may travel with COMMIT (SENT_WITH_COMMIT): if it fails,
      // the COMMIT fails with its error and nothing of the transaction is kept.
      await tx.$executeRawUnsafe(
        `${SENT_WITH_COMMIT}
         update ${table}
         set outcome = $2::${outcomeType}, response_status = $3, response_body = $4, result_id = $5, completed_at = now()
         where id = $1`,
        claim.claim,
        outcome.outcome,
        outcome.status,
        outcome.bodyJson,
        outcome.resultId,
      );
    },
  });

  return {
    find: (scope, key) => find(db, scope, key),

    async transaction(work, { lockTimeoutMs }) {
      try {
        return await db.$transaction((tx) => work(transactionFor(tx, lockTimeoutMs)), { maxWait: lockTimeoutMs + 3_000, timeout: lockTimeoutMs + 10_000 });
      } catch (error) {
        if (isLockTimeout(error)) throw new LockTimeoutError("a concurrent claim on this key was not released in time", { cause: error });
        throw error;
      }
    },

    async findForPrincipal(principal, key, operations) {
      const rows = await db.$queryRawUnsafe<RecordRow[]>(
        `select ${columns} from ${table}
         where principal = $1 and key = $2 and operation = any($3::varchar[]) and outcome <> 'in_progress'
         order by created_at desc limit 1`,
        principal,
        key,
        [...operations],
      );
      return toRecord(rows[0]);
    },

    async addCounters(deltas: readonly CounterDelta[]) {
      if (deltas.length === 0) return;
      await db.$executeRawUnsafe(
        `update ${table} r
         set replay_count = r.replay_count + u.replayed, conflict_count = r.conflict_count + u.conflict,
             in_progress_count = r.in_progress_count + u.in_progress
         from unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::int[], $5::int[], $6::int[])
           as u(principal, operation, key, replayed, conflict, in_progress)
         where r.principal = u.principal and r.operation = u.operation and r.key = u.key`,
        deltas.map((d) => d.principal),
        deltas.map((d) => d.operation),
        deltas.map((d) => d.key),
        deltas.map((d) => d.replayed ?? 0),
        deltas.map((d) => d.conflict ?? 0),
        deltas.map((d) => d.inProgress ?? 0),
      );
    },

    // Both sweeps find their rows through the (outcome, expires_at) index, one outcome per
    // statement with ORDER BY expires_at, which is that index's order: so the planner walks the
    // index from the oldest entry and stops after `batchSize` rows. (With `outcome in (…)` and
    // no matching order it estimated thousands of due rows and read the whole table, ten
    // million rows, to find none.) Neither sweep walks past the other's rows: a year of
    // tombstones does not slow down finding the records that just expired. Each batch is one
    // statement, so one short transaction; SKIP LOCKED lets several nodes sweep at once.
    async expire({ batchSize = 500, maxBatches = Number.POSITIVE_INFINITY, now } = {}) {
      const budget = { batches: maxBatches };
      let total = 0;
      for (const outcome of ["completed", "rejected"]) {
        total += await inBatches(batchSize, budget, () =>
          db.$executeRawUnsafe(
            `update ${table} set outcome = 'expired', response_body = null
             where id in (
               select id from ${table}
               where outcome = $3::${outcomeType} and expires_at <= coalesce($2::timestamptz, now())
               order by expires_at
               limit $1
               for update skip locked)`,
            batchSize,
            now ?? null,
            outcome,
          ),
        );
      }
      return total;
    },

    async compact({ expiredBefore, batchSize = 500, maxBatches = Number.POSITIVE_INFINITY }) {
      return inBatches(batchSize, { batches: maxBatches }, () =>
        db.$executeRawUnsafe(
          `delete from ${table}
           where id in (
             select id from ${table}
             where outcome = 'expired' and expires_at <= $2::timestamptz
             order by expires_at
             limit $1
             for update skip locked)`,
          batchSize,
          expiredBefore,
        ),
      );
    },

    // Through the same (outcome, expires_at) index: the committed "in progress" rows are few
    // (only a claim whose BEGIN failed leaves one). A live claim is an uncommitted row, which this
    // statement does not see; one being taken over is locked, and SKIP LOCKED passes it by.
    async forgetAbandoned({ claimedBefore, batchSize = 500, maxBatches = Number.POSITIVE_INFINITY }) {
      return inBatches(batchSize, { batches: maxBatches }, () =>
        db.$executeRawUnsafe(
          `delete from ${table}
           where id in (
             select id from ${table}
             where outcome = 'in_progress' and created_at <= $2::timestamptz
             order by expires_at
             limit $1
             for update skip locked)`,
          batchSize,
          claimedBefore,
        ),
      );
    },
  };
}

/**
 * Runs `batch` until it changes fewer than `batchSize` rows or the budget of batches (shared by
 * the calls that get the same object) is spent; the rows changed.
 */
async function inBatches(batchSize: number, budget: { batches: number }, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  while (budget.batches > 0) {
    budget.batches--;
    const changed = await batch();
    total += changed;
    if (changed < batchSize) break;
  }
  return total;
}
