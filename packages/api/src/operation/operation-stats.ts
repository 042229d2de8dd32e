// Counts what the protocol answered, per hour, operation type and kind, for the operator view.
// Each node adds up events in memory and writes them every few seconds in one upsert, so the
// request path pays nothing but a map increment. (Counts of a node that crashes within those
// seconds are lost: these are metrics, not records.)
import type { PrismaClient } from "@once/db";
import type { ObservedKind } from "@once/idempotency/server";

const pending = new Map<string, number>();

export function recordOperationEvent(event: { operation: string; kind: ObservedKind }): void {
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  const key = `${hour.toISOString()}|${event.operation}|${event.kind}`;
  pending.set(key, (pending.get(key) ?? 0) + 1);
}

export async function flushOperationStats(prisma: PrismaClient): Promise<number> {
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
