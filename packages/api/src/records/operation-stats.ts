// Counts what the protocol answered: per hour, operation type and kind for the operator view,
// and per operation record (replays, conflicts, in-progress answers) for a lead's detail.
// Each node adds up events in memory and writes them every few seconds, so the request path
// pays nothing but a map increment. (Counts of a node that crashes within those seconds are
// lost: these are metrics, not records.)
import type { PrismaClient } from "@once/db";
import type { ObservedEvent } from "@once/idempotency/server";
import { recordStore } from "./record-store.ts";

type RecordCounts = { principal: string; operation: string; key: string; replayed: number; conflict: number; in_progress: number };
// Kept on globalThis: Next.js bundles instrumentation (which flushes) and the route handlers
// (which count) separately, each with its own copy of this module; module-level maps would
// leave the flushing copy empty and the operator view at zero.
const shared = globalThis as unknown as { __onceOperationStats?: { pending: Map<string, number>; perRecord: Map<string, RecordCounts> } };
const { pending, perRecord } = (shared.__onceOperationStats ??= { pending: new Map<string, number>(), perRecord: new Map<string, RecordCounts>() });

export function recordOperationEvent(event: ObservedEvent): void {
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  const key = `${hour.toISOString()}|${event.operation}|${event.kind}`;
  pending.set(key, (pending.get(key) ?? 0) + 1);
  if (event.kind === "replayed" || event.kind === "conflict" || event.kind === "in_progress") {
    const id = JSON.stringify([event.principal, event.operation, event.key]);
    const row = perRecord.get(id) ?? { principal: event.principal, operation: event.operation, key: event.key, replayed: 0, conflict: 0, in_progress: 0 };
    row[event.kind]++;
    perRecord.set(id, row);
  }
}

async function flushRecordCounters(prisma: PrismaClient): Promise<void> {
  if (perRecord.size === 0) return;
  const rows = [...perRecord.entries()];
  perRecord.clear();
  try {
    await recordStore(prisma).addCounters(
      rows.map(([, r]) => ({
        principal: r.principal,
        operation: r.operation,
        key: r.key,
        replayed: r.replayed,
        conflict: r.conflict,
        inProgress: r.in_progress,
      })),
    );
  } catch (error) {
    // Kept for the next flush, added to what arrived meanwhile.
    for (const [id, r] of rows) {
      const now = perRecord.get(id);
      perRecord.set(
        id,
        now ? { ...now, replayed: now.replayed + r.replayed, conflict: now.conflict + r.conflict, in_progress: now.in_progress + r.in_progress } : r,
      );
    }
    throw error;
  }
}

async function flushHourlyCounts(prisma: PrismaClient): Promise<number> {
  if (pending.size === 0) return 0;
  const entries = [...pending.entries()];
  pending.clear();
  const hours = entries.map(([k]) => k.split("|")[0]!);
  const operations = entries.map(([k]) => k.split("|")[1]!);
  const kinds = entries.map(([k]) => k.split("|")[2]!);
  const counts = entries.map(([, n]) => n);
  try {
    await prisma.$executeRawUnsafe(
      `insert into operation_stat (hour, operation, kind, count)
       select * from unnest($1::timestamptz[], $2::varchar[], $3::varchar[], $4::bigint[])
       on conflict (hour, operation, kind) do update set count = operation_stat.count + excluded.count`,
      hours,
      operations,
      kinds,
      counts,
    );
  } catch (error) {
    for (const [key, n] of entries) pending.set(key, (pending.get(key) ?? 0) + n); // try again next time
    throw error;
  }
  return entries.length;
}

/**
 * Writes what was counted since the last flush (each node every few seconds, and once more when
 * it stops). Either half failing keeps its counts for the next flush and does not hold up the
 * other half; returns the number of hourly rows written.
 */
export async function flushOperationStats(prisma: PrismaClient): Promise<number> {
  const [records, hourly] = await Promise.allSettled([flushRecordCounters(prisma), flushHourlyCounts(prisma)]);
  if (records.status === "rejected") throw records.reason;
  if (hourly.status === "rejected") throw hourly.reason;
  return hourly.value;
}
