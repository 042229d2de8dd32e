// Fills idempotency_record with `total` records the way a busy year leaves it under the default
// policy (30 days replayable, then 365 days as a tombstone): 2 in 13 records are live (1
// completed, 1 rejected, created within the last 30 days, with their stored answers), the other
// 11 are tombstones that expired 1 to 364 days ago. 1,000,000 customers, orders and inquiries.
// One INSERT … SELECT over generate_series; the secondary indexes are dropped first and built
// again after (one sort each instead of ten million random B-tree inserts), then ANALYZE.
// `liveRecord(j)` rebuilds the scope and key of a live record, so replays can pick any of them.
// Every record carries the fingerprint of the bench operation's input, so a replay matches.
import { createHash } from "node:crypto";
import type pg from "pg";

export const CUSTOMERS = 1_000_000;
const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const asUuid = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export const principalOf = (customer: number) => `customer:${md5(`c${customer}`).slice(0, 22)}`;
export const operationOf = (i: number) => (i % 2 === 0 ? "order" : "lead");

/** The j-th live record: i = 13·j is completed, 13·j + 1 rejected (every other i is a tombstone). */
export function liveRecord(j: number, rejected: boolean): { principal: string; operation: string; key: string } {
  const i = Math.max(13, 13 * j) + (rejected ? 1 : 0);
  return { principal: principalOf(i % CUSTOMERS), operation: operationOf(i), key: asUuid(md5(String(i))) };
}

export interface FillTimings {
  insertSeconds: number;
  indexSeconds: Record<string, number>;
  analyzeSeconds: number;
}

export async function fillRecords(sql: pg.Client, total: number, fingerprint: string): Promise<FillTimings> {
  await sql.query("set maintenance_work_mem = '512MB'");
  await sql.query("set synchronous_commit = off");
  const { rows: indexes } = await sql.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = 'idempotency_record' and indexname <> 'idempotency_record_pkey'`,
  );
  for (const index of indexes) await sql.query(`drop index "${index.name}"`);

  let t0 = performance.now();
  await sql.query(
    `insert into idempotency_record (id, principal, operation, key, fingerprint, outcome, response_status, response_body,
       result_id, created_at, completed_at, expires_at)
     select i,
       'customer:' || substr(md5('c' || (i % ${CUSTOMERS})), 1, 22),
       case when i % 2 = 0 then 'order' else 'lead' end,
       md5(i::text)::uuid::text,
       $2,
       (case i % 13 when 0 then 'completed' when 1 then 'rejected' else 'expired' end)::"OperationOutcome",
       case i % 13 when 1 then 422 else 201 end,
       case i % 13
         when 0 then '{"id":"' || md5('r' || i)::uuid || '","number":"SO-' || lpad((i % 1000000)::text, 6, '0')
           || '","item":"sample-guide","quantity":1,"status":"received","createdAt":"' || to_char(c.at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}'
         when 1 then '{"type":"https://once.example/problems/out-of-stock","title":"Out of stock","status":422,'
           || '"code":"OUT_OF_STOCK","detail":"not enough copies of \\"sample-guide\\" in stock","retryable":false}'
       end,
       case i % 13 when 0 then md5('r' || i)::uuid::text end,
       c.at, c.at, c.at + interval '30 days'
     from generate_series(1, $1::bigint) as i,
       lateral (select case when i % 13 < 2 then now() - (i % 2880) * interval '15 minutes'
                            else now() - interval '31 days' - (i % 364) * interval '1 day' end as at) as c`,
    [total, fingerprint],
  );
  await sql.query(`select setval(pg_get_serial_sequence('idempotency_record', 'id'), $1)`, [total]);
  const insertSeconds = (performance.now() - t0) / 1000;

  const indexSeconds: Record<string, number> = {};
  for (const index of indexes) {
    t0 = performance.now();
    await sql.query(index.definition);
    indexSeconds[index.name] = (performance.now() - t0) / 1000;
  }
  t0 = performance.now();
  await sql.query("analyze idempotency_record");
  return { insertSeconds, indexSeconds, analyzeSeconds: (performance.now() - t0) / 1000 };
}
