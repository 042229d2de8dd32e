// The notification worker: relays the outbox into pg-boss and delivers each job by its
// channel. Runs inside every web node (default) or as its own process (`pnpm worker`); any
// number of them may run at once: rows are claimed with SKIP LOCKED and pg-boss hands each
// job to one worker at a time.
import PgBoss from "pg-boss";
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "@once/db";
import type { NotifyConfig, Channel } from "../config.ts";
import { DeliveryAttemptError, deliverOnce, markDead, type AttemptResult } from "./deliver.ts";
import { createQueues, DEAD_LETTER_QUEUE, queueFor } from "./queues.ts";
import { relayPendingDeliveries } from "./relay.ts";

export interface WorkerLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** What one delivery attempt came to, for metrics ("failed": pg-boss retries it, or it goes dead). */
export interface DeliveryAttempt {
  channel: Channel;
  result: AttemptResult | "failed";
}

export interface RunningWorker {
  /**
   * Stops fetching jobs, lets the deliveries under way finish (up to `timeoutMs`, default 10 s;
   * a job still running then is failed and retried later, by any worker), then closes the
   * worker's connections.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export async function startNotificationWorker(options: {
  connectionString: string;
  config: NotifyConfig;
  log: WorkerLog;
  relayIntervalMs?: number;
  /** Told about every attempt (must not throw); the web node counts them for /metrics. */
  onAttempt?: (attempt: DeliveryAttempt) => void;
}): Promise<RunningWorker> {
  const { config, log } = options;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    schema: "pgboss",
    maintenanceIntervalSeconds: config.NOTIFY_MAINTENANCE_SECONDS,
  });
  boss.on("error", (error: Error) => log.warn({ err: error.message }, "notify.pgboss_error"));
  const prisma = createPrismaClient(options.connectionString, { poolSize: 4 });
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 2 });
  try {
    await oneWorkerAtATime(pool, async () => {
      await boss.start();
      await createQueues(boss, config);
    });
    await startWorking(boss, prisma, config, log, options.onAttempt ?? (() => undefined));
  } catch (error) {
    // A worker that failed to start must not keep polling or holding connections.
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await pool.end().catch(() => undefined);
    await prisma.$disconnect().catch(() => undefined);
    throw error;
  }

  let relaying: Promise<void> | null = null;
  const relay = () => {
    relaying ??= (async () => {
      try {
        while ((await relayPendingDeliveries(pool, boss)) > 0) {
          /* drain in batches */
        }
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error) }, "notify.relay_failed");
      } finally {
        relaying = null;
      }
    })();
    return relaying;
  };
  const timer = setInterval(() => void relay(), options.relayIntervalMs ?? 500);
  timer.unref();
  void relay();

  return {
    async stop({ timeoutMs = 10_000 } = {}) {
      clearInterval(timer);
      // A relay under way finishes its transaction (rows and jobs move together) first.
      await relaying;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      await pool.end();
      await prisma.$disconnect();
    },
  };
}

// pg-boss's createQueue is not safe to run from several processes at once on a new database:
// each creates the queue's partition table with a foreign key to pgboss.queue while the others
// wait on that table's unique index, and PostgreSQL breaks the cycle with "deadlock detected"
// (seen when three nodes started together: workers failed to start). boss.start() creates a
// queue too (its timekeeper's, swallowing the error), so starting pg-boss and creating our
// queues happen one worker at a time, under a session-level advisory lock.
async function oneWorkerAtATime(pool: pg.Pool, work: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('once.notify.start'))`);
    try {
      await work();
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('once.notify.start'))`);
    }
  } finally {
    client.release();
  }
}

// Each attempt's log line names the delivery, its channel and the request that created the lead.
async function startWorking(
  boss: PgBoss,
  prisma: PrismaClient,
  config: NotifyConfig,
  log: WorkerLog,
  onAttempt: (attempt: DeliveryAttempt) => void,
): Promise<void> {
  for (const channel of ["webhook", "email"] as Channel[]) {
    await boss.work<{ deliveryId: string }>(queueFor(channel), { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      const deliveryId = job!.data.deliveryId;
      try {
        const { result, requestId } = await deliverOnce(prisma, config, channel, deliveryId);
        onAttempt({ channel, result });
        log.info({ deliveryId, channel, result, requestId }, "notify.delivery");
      } catch (error) {
        onAttempt({ channel, result: "failed" });
        const requestId = error instanceof DeliveryAttemptError ? error.requestId : null;
        log.warn({ deliveryId, channel, requestId, err: error instanceof Error ? error.message : String(error) }, "notify.attempt_failed");
        throw error;
      }
    });
  }
  await boss.work<{ deliveryId: string }>(DEAD_LETTER_QUEUE, { batchSize: 10, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      const requestId = await markDead(prisma, job.data.deliveryId);
      log.warn({ deliveryId: job.data.deliveryId, requestId }, "notify.dead_letter");
    }
  });
}

/** An admin's "retry" of a dead letter: the same delivery id, a fresh job and attempt count. */
export async function requeueDeadDelivery(prisma: PrismaClient, deliveryId: string): Promise<boolean> {
  const { count } = await prisma.notificationDelivery.updateMany({
    where: { id: deliveryId, status: "dead" },
    data: { status: "pending", attempts: 0, lastError: null, requeues: { increment: 1 } },
  });
  return count === 1;
}
