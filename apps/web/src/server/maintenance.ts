// Background work each node runs: the new-lead listener for live dashboards, the operation-stats flush, the retention sweep (expiry,
// compaction of old tombstones, abandoned "in progress" claims) and, unless NOTIFY_WORKER=off (when
// `pnpm worker` runs as its own process), the notification worker. Safe on many nodes at
// once: the sweep and the outbox relay claim rows with SKIP LOCKED, pg-boss hands each job out once.
// When the node stops (server.mjs, see shutdown.ts) the worker finishes the deliveries it
// holds while the last requests are answered; then the counters are written and the pools closed.
import { flushOperationStats, listenForLeadEvents, sweepOperationRecords } from "@once/api";
import { prisma } from "./prisma";
import { readNotifyConfig } from "@once/notify";
import { startNotificationWorker, type RunningWorker } from "@once/notify/worker";
import { env } from "~/env";
import { logger } from "./logger";
import { afterRequests, onDrain } from "./shutdown";
import { metrics } from "./metrics/registry";

const RETENTION_SWEEP_MS = 10 * 60 * 1000;
/** Left for the final hooks (flush, closing pools) when the worker's graceful wait is sized. */
const FINAL_HOOKS_RESERVE_MS = 2_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function startMaintenance(): void {
  const sweep = async () => {
    try {
      // Each step touches at most 10,000 rows, 500 per statement (short row locks, SKIP LOCKED
      // between nodes): per node 1.4 million a day, far above the write rate.
      const swept = await sweepOperationRecords(prisma(), { tombstoneDays: env.IDEMPOTENCY_TOMBSTONE_DAYS });
      metrics().abandonedClaims.inc(swept.abandoned);
      if (swept.expired > 0 || swept.forgotten > 0 || swept.abandoned > 0) logger.info(swept, "idempotency.retention_sweep");
    } catch (error) {
      logger.warn({ err: errorText(error) }, "idempotency.retention_sweep_failed");
    }
  };
  // LISTEN needs a session: PostgreSQL itself when DATABASE_URL is a pooler in transaction mode.
  const sessionUrl = env.DIRECT_DATABASE_URL ?? env.DATABASE_URL;
  listenForLeadEvents(sessionUrl, (message) => logger.warn({}, message));
  let flushing: Promise<unknown> = Promise.resolve();
  const flushTimer = setInterval(() => {
    flushing = flushOperationStats(prisma()).catch((error: unknown) => logger.warn({ err: errorText(error) }, "operation_stats.flush_failed"));
  }, env.OPERATION_STATS_FLUSH_MS);
  flushTimer.unref();
  const firstSweep = setTimeout(() => void sweep(), 30_000);
  firstSweep.unref();
  const sweepTimer = setInterval(() => void sweep(), RETENTION_SWEEP_MS);
  sweepTimer.unref();

  let worker: Promise<RunningWorker | null> = Promise.resolve(null);
  if (env.NOTIFY_WORKER === "in-process") {
    const { deliveryAttempts } = metrics();
    worker = startNotificationWorker({
      connectionString: env.DATABASE_URL,
      listenConnectionString: sessionUrl,
      config: readNotifyConfig(),
      log: logger,
      onAttempt: ({ channel, result }) => deliveryAttempts.inc({ channel, result }),
    }).then(
      (running) => {
        logger.info({}, "notify.worker_started");
        return running;
      },
      (error: unknown) => {
        logger.error({ err: errorText(error) }, "notify.worker_failed_to_start");
        return null;
      },
    );
  }

  onDrain({
    name: "notification worker",
    async run(deadline) {
      clearTimeout(firstSweep);
      clearInterval(sweepTimer);
      // Stop fetching jobs; a delivery under way is finished and recorded, so the receiver is
      // not sent it a second time by another node. One still running near the deadline is
      // failed back to pg-boss and retried elsewhere (receivers drop duplicates by delivery id).
      const running = await worker;
      await running?.stop({ timeoutMs: Math.max(1_000, deadline - Date.now() - FINAL_HOOKS_RESERVE_MS) });
    },
  });
  afterRequests({
    name: "operation counters",
    async run() {
      // Counts of the requests answered since the last flush would otherwise be lost.
      clearInterval(flushTimer);
      await flushing;
      await flushOperationStats(prisma());
    },
  });
  afterRequests({
    name: "database pool",
    run: () => prisma().$disconnect(),
  });
}
