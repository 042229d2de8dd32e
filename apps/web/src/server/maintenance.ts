// Background work each node runs: the new-lead listener for live dashboards, the operation-stats flush, the retention sweep and, unless NOTIFY_WORKER=off (when
// `pnpm worker` runs as its own process), the notification worker. Safe on many nodes at
// once: the sweep and the outbox relay claim rows with SKIP LOCKED, pg-boss hands each job out once.
import { expireOperationRecords, flushOperationStats, listenForLeadEvents } from "@once/api";
import { getPrisma } from "@once/db";
import { readNotifyConfig } from "@once/notify";
import { startNotificationWorker } from "@once/notify/worker";
import { env } from "~/env";
import { logger } from "./logger";

const RETENTION_SWEEP_MS = 10 * 60 * 1000;

export function startMaintenance(): void {
  const sweep = async () => {
    try {
      const expired = await expireOperationRecords(getPrisma(), { batchSize: 500, maxBatches: 20 });
      if (expired > 0) logger.info({ expired }, "idempotency.retention_sweep");
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "idempotency.retention_sweep_failed");
    }
  };
  listenForLeadEvents(env.DATABASE_URL, (message) => logger.warn({}, message));
  setInterval(() => {
    flushOperationStats(getPrisma()).catch((error: unknown) =>
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "operation_stats.flush_failed"),
    );
  }, 5_000).unref();
  setTimeout(() => void sweep(), 30_000).unref();
  setInterval(() => void sweep(), RETENTION_SWEEP_MS).unref();

  if (env.NOTIFY_WORKER === "in-process") {
    startNotificationWorker({ connectionString: env.DATABASE_URL, config: readNotifyConfig(), log: logger })
      .then(() => logger.info({}, "notify.worker_started"))
      .catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, "notify.worker_failed_to_start"));
  }
}
