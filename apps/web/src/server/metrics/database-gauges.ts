// The gauges read at scrape time rather than counted: this node's database pool, and the
// outbox (one grouped query; database-wide figures, the same on every node: aggregate them
// with max(), not sum()). If the outbox cannot be read, its series are dropped for this scrape
// rather than left at stale values (alert on their absence).
import "server-only";
import { poolStatsOf, type PrismaClient } from "@once/db";
import { readOutboxStatus } from "@once/notify";
import { responseTimes } from "@once/api";
import { metrics } from "./registry";

export async function refreshDatabaseGauges(prisma: PrismaClient, onError: (error: unknown) => void): Promise<void> {
  const m = metrics();
  const pool = poolStatsOf(prisma);
  if (pool) {
    m.poolInUse.set(pool.inUse);
    m.poolWaiting.set(pool.waiting);
    m.poolMax.set(pool.max);
  }
  try {
    const outbox = await readOutboxStatus(prisma);
    for (const { channel, status, count } of outbox.backlog) m.outboxBacklog.set({ channel, status }, count);
    m.outboxOldestPendingAge.set(outbox.oldestPendingSeconds);
    for (const { channel, count } of outbox.deadLetters) m.outboxDeadLetters.set({ channel }, count);
    for (const { platform, waitingLeads, unknownMessages } of outbox.chat) {
      m.chatWaitingLeads.set({ platform }, waitingLeads);
      m.chatUnknownMessages.set({ platform }, unknownMessages);
    }
    // Quantiles with no lead to measure are left out rather than reported as 0.
    const times = await responseTimes(prisma);
    m.leadTimeToAssign.reset();
    m.leadTimeToFirstResponse.reset();
    for (const q of ["p50", "p95"] as const) {
      const quantile = q === "p50" ? "0.5" : "0.95";
      if (times.timeToAssign[q] !== null) m.leadTimeToAssign.set({ quantile }, times.timeToAssign[q]);
      if (times.timeToFirstResponse[q] !== null) m.leadTimeToFirstResponse.set({ quantile }, times.timeToFirstResponse[q]);
    }
  } catch (error) {
    m.leadTimeToAssign.reset();
    m.leadTimeToFirstResponse.reset();
    m.outboxBacklog.reset();
    m.outboxOldestPendingAge.reset();
    m.outboxDeadLetters.reset();
    m.chatWaitingLeads.reset();
    m.chatUnknownMessages.reset();
    onError(error);
  }
}
