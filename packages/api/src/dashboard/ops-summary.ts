// The operator view: what the protocol answered over the last 24 hours (per hour), the outbox
// backlog, the deliveries that are failing, and how soon leads got an owner and a first response.
import type { PrismaClient } from "@once/db";
import { formatLeadNumber } from "../lead/lead-schema.ts";
import { responseTimes } from "./reconciliation.ts";

export async function getOpsSummary(prisma: PrismaClient, now: Date = new Date()) {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [stats, backlog, failing, times] = await Promise.all([
    prisma.operationStat.findMany({
      where: { hour: { gte: since } },
      orderBy: { hour: "asc" },
      select: { hour: true, operation: true, kind: true, count: true },
    }),
    prisma.notificationDelivery.groupBy({ by: ["status"], _count: { _all: true } }),
    prisma.notificationDelivery.findMany({
      where: { status: { in: ["dead", "queued", "pending"] }, lastError: { not: null } },
      orderBy: { updatedAt: "desc" },
      take: 20,
      select: { id: true, channel: true, status: true, attempts: true, lastError: true, updatedAt: true, lead: { select: { id: true, number: true } } },
    }),
    responseTimes(prisma, now),
  ]);
  const hours = new Map<string, Record<string, number>>();
  const totals: Record<string, number> = {};
  for (const s of stats) {
    const hour = s.hour.toISOString();
    const row = hours.get(hour) ?? {};
    row[s.kind] = (row[s.kind] ?? 0) + Number(s.count);
    hours.set(hour, row);
    totals[s.kind] = (totals[s.kind] ?? 0) + Number(s.count);
  }
  return {
    totals,
    perHour: [...hours.entries()].map(([hour, kinds]) => ({
      hour: new Date(hour),
      submissions: (kinds.executed ?? 0) + (kinds.rejected ?? 0),
      replays: kinds.replayed ?? 0,
      ...kinds,
    })),
    outbox: Object.fromEntries(backlog.map((b) => [b.status, b._count._all])) as Partial<Record<"pending" | "queued" | "delivered" | "dead", number>>,
    failing: failing.map((f) => ({ ...f, lead: { id: f.lead.id, number: formatLeadNumber(f.lead.number) } })),
    /** Time to assign and to first response over the last 24 hours (seconds). */
    times,
  };
}
