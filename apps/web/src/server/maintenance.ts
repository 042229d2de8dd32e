// Periodic upkeep each node runs in the background. Safe on many nodes at once: the retention
// purge takes its batches with FOR UPDATE SKIP LOCKED.
import { getPrisma } from "@once/db";
import { expireRecords } from "@once/idempotency/server";
import { logger } from "./logger";

const RETENTION_SWEEP_MS = 10 * 60 * 1000;

export function startMaintenance(): void {
  const sweep = async () => {
    try {
      const expired = await expireRecords(getPrisma(), { batchSize: 500, maxBatches: 20 });
      if (expired > 0) logger.info({ expired }, "idempotency.retention_sweep");
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "idempotency.retention_sweep_failed");
    }
  };
  setTimeout(() => void sweep(), 30_000).unref();
  setInterval(() => void sweep(), RETENTION_SWEEP_MS).unref();
}
