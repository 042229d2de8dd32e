// The notification worker: relays the outbox into pg-boss and delivers each job by its
// channel. Runs inside every web node (default) or as its own process (`pnpm worker`); any
// number of them may run at once: rows are claimed with SKIP LOCKED and pg-boss hands each
// job to one worker at a time.
import PgBoss from "pg-boss";
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "@once/db";
import type { NotifyConfig, Channel } from "../config.ts";
import { deliverOnce, markDead } from "./deliver.ts";
import { createQueues, DEAD_LETTER_QUEUE, queueFor } from "./queues.ts";
import { relayPendingDeliveries } from "./relay.ts";

export interface WorkerLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface RunningWorker {
  stop(): Promise<void>;
}

export async function startNotificationWorker(options: {
  connectionString: string;
  config: NotifyConfig;
  log: WorkerLog;
  relayIntervalMs?: number;
}): Promise<RunningWorker> {
  const { config, log } = options;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    schema: "pgboss",
    maintenanceIntervalSeconds: config.NOTIFY_MAINTENANCE_SECONDS,
  });
  boss.on("error", (error: Error) => log.warn({ err: error.message }, "notify.pgboss_error"));
  await boss.start();
  await createQueues(boss, config);
  const prisma = createPrismaClient(options.connectionString, { poolSize: 4 });
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 2 });

  for (const channel of ["webhook", "email"] as Channel[]) {
    await boss.work<{ deliveryId: string }>(queueFor(channel), { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      const deliveryId = job!.data.deliveryId;
      try {
        const result = await deliverOnce(prisma, config, channel, deliveryId);
        log.info({ deliveryId, channel, result }, "notify.delivery");
      } catch (error) {
        log.warn({ deliveryId, channel, err: error instanceof Error ? error.message : String(error) }, "notify.attempt_failed");
        throw error;
      }
    });
  }
  await boss.work<{ deliveryId: string }>(DEAD_LETTER_QUEUE, { batchSize: 10, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      await markDead(prisma, job.data.deliveryId);
      log.warn({ deliveryId: job.data.deliveryId }, "notify.dead_letter");
    }
  });

  let relaying = false;
  const relay = async () => {
    if (relaying) return;
    relaying = true;
    try {
      while ((await relayPendingDeliveries(pool, boss)) > 0) {
        /* drain in batches */
      }
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, "notify.relay_failed");
    } finally {
      relaying = false;
    }
  };
  const timer = setInterval(() => void relay(), options.relayIntervalMs ?? 500);
  timer.unref();
  void relay();

  return {
    async stop() {
      clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await pool.end();
      await prisma.$disconnect();
    },
  };
}

/** An admin's "retry" of a dead letter: the same delivery id, a fresh job and attempt count. */
export async function requeueDeadDelivery(prisma: PrismaClient, deliveryId: string): Promise<boolean> {
  const { count } = await prisma.notificationDelivery.updateMany({
    where: { id: deliveryId, status: "dead" },
    data: { status: "pending", attempts: 0, lastError: null, requeues: { increment: 1 } },
  });
  return count === 1;
}
