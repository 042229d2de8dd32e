// The operator view: what the protocol answered over the last 24 hours (per hour), the outbox
// backlog, the deliveries that are failing, and how soon leads got an owner and a first response.
import type { PrismaClient } from "@once/db";
import { formatLeadNumber } from "../lead/lead-schema.ts";
import { responseTimes } from "./reconciliation.ts";

const HOUR = 3_600_000;
export const OPS_HOURS = 24;

export async function getOpsSummary(prisma: PrismaClient, now: Date = new Date()) {
  // Whole hours, the current one last: the chart draws every one of them, empty or not, so its
  // time axis reads evenly.
  const since = new Date(Math.floor(now.getTime() / HOUR) * HOUR - (OPS_HOURS - 1) * HOUR);
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
    perHour: Array.from({ length: OPS_HOURS }, (_, i) => {
      const hour = new Date(since.getTime() + i * HOUR);
      const kinds = hours.get(hour.toISOString()) ?? {};
      return { hour, submissions: (kinds.executed ?? 0) + (kinds.rejected ?? 0), replays: kinds.replayed ?? 0, ...kinds };
    }),
    outbox: Object.fromEntries(backlog.map((b) => [b.status, b._count._all])) as Partial<Record<"pending" | "queued" | "delivered" | "dead", number>>,
    failing: failing.map((f) => ({ ...f, lead: { id: f.lead.id, number: formatLeadNumber(f.lead.number) } })),
    /** Time to assign and to first response over the last 24 hours (seconds). */
    times,
  };
}
