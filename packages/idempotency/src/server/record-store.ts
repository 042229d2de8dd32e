// Reads and writes the operation records (table idempotency_record, declared in
// prisma/schema.prisma as IdempotencyRecord). Raw SQL because the claim must be an
// INSERT ... ON CONFLICT DO NOTHING RETURNING: only that says, without an aborted
// transaction, whether this request won the key.
import type { SqlClient } from "./sql-client.ts";

export interface Scope {
  /** Who acts, from the server's auth context only: "customer:<id>", "staff:<id>", ... */
  principal: string;
  /** The operation type, e.g. "order" or "lead". */
  operation: string;
}

export type RecordOutcome = "in_progress" | "completed" | "rejected" | "expired";

export interface OperationRecord {
  id: bigint;
  fingerprint: string;
  outcome: RecordOutcome;
  responseStatus: number | null;
  /** The first response body as the exact JSON text that was sent. */
  responseBody: string | null;
  resultId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

const columns = `id, fingerprint, outcome::text as "outcome", response_status as "responseStatus",
  response_body as "responseBody", result_id as "resultId", created_at as "createdAt", expires_at as "expiresAt"`;

export async function findRecord(db: SqlClient, scope: Scope, key: string): Promise<OperationRecord | null> {
  const rows = await db.$queryRawUnsafe<OperationRecord[]>(
    `select ${columns} from idempotency_record where principal = $1 and operation = $2 and key = $3`,
    scope.principal,
    scope.operation,
    key,
  );
  return rows[0] ?? null;
}

/**
 * Claims the key inside the caller's transaction; waits for a concurrent claimant, bounded by
 * `lockTimeoutMs` (set for this transaction in the same statement, saving a round trip).
 * Returns the claim's id, or null when another transaction committed the key first.
 */
export async function claimKey(
  tx: SqlClient,
  scope: Scope,
  key: string,
  fingerprint: string,
  settings: { retentionDays: number; lockTimeoutMs: number },
): Promise<bigint | null> {
  const rows = await tx.$queryRawUnsafe<{ id: bigint }[]>(
    `with lock_wait as (select set_config('lock_timeout', $6, true))
     insert into idempotency_record (principal, operation, key, fingerprint, outcome, expires_at)
     select $1, $2, $3, $4, 'in_progress', now() + make_interval(days => $5::int) from lock_wait
     on conflict (principal, operation, key) do nothing
     returning id`,
    scope.principal,
    scope.operation,
    key,
    fingerprint,
    settings.retentionDays,
    `${settings.lockTimeoutMs}ms`,
  );
  return rows[0]?.id ?? null;
}

export async function storeOutcome(
  tx: SqlClient,
  id: bigint,
  outcome: { outcome: "completed" | "rejected"; status: number; bodyJson: string; resultId: string | null },
): Promise<void> {
  await tx.$executeRawUnsafe(
    `update idempotency_record
     set outcome = $2::"OperationOutcome", response_status = $3, response_body = $4, result_id = $5, completed_at = now()
     where id = $1`,
    id,
    outcome.outcome,
    outcome.status,
    outcome.bodyJson,
    outcome.resultId,
  );
}

/**
 * Retention: records past expires_at lose their stored response and become "expired"
 * tombstones, in batches of `batchSize`, so no long lock is held. The tombstone keeps the key
 * answering 410 forever: an expired key is never executed again.
 */
export async function expireRecords(db: SqlClient, options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const changed = await db.$executeRawUnsafe(
      `update idempotency_record set outcome = 'expired', response_body = null
       where id in (
         select id from idempotency_record
         where expires_at <= now() and outcome in ('completed', 'rejected')
         order by expires_at
         limit $1
         for update skip locked)`,
      batchSize,
    );
    total += changed;
    if (changed < batchSize) break;
  }
  return total;
}
