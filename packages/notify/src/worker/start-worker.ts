// The notification worker: relays the outbox into pg-boss and delivers each job by its
// channel, up to NOTIFY_CONCURRENCY at once per channel. Runs inside every web node (default)
// or as its own process (`pnpm worker`); any number of them may run at once: rows are claimed
// with SKIP LOCKED and pg-boss hands each job to one worker at a time. The relay wakes when a
// pending row is committed (LISTEN outbox_pending) and polls as the fallback.
import PgBoss from "pg-boss";
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { listenOn } from "@once/db/listen";
import { configuredChannels, type NotifyConfig, type Channel } from "../config.ts";
import { DeliveryAttemptError, deliverOnce, markDead, type AttemptResult } from "./deliver.ts";
import { startDispatcher, type Dispatcher } from "./dispatcher.ts";
import { createQueues, DEAD_LETTER_QUEUE, queueFor } from "./queues.ts";
import { relayPendingDeliveries } from "./relay.ts";
import { chatPumpSettings, startChatPump, syncEnvChannels, type ChatPump } from "../chat/start-chat-pump.ts";
import { sweepResponseClock } from "../response-clock/sweep.ts";

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
  /** For LISTEN, which needs a session: DIRECT_DATABASE_URL behind a pooler in transaction mode (default: connectionString). */
  listenConnectionString?: string;
  config: NotifyConfig;
  log: WorkerLog;
  relayIntervalMs?: number;
  /** How often each channel's dispatcher looks for due jobs (retries, other nodes' jobs). */
  pollIntervalMs?: number;
  /** How often the chat pump looks at its channels without a wake-up (budgets, pauses, other nodes' leads). */
  chatIntervalMs?: number;
  /** How often the first-response clock looks for leads due a reminder or an escalation. */
  clockIntervalMs?: number;
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
  // A delivery holds a connection only for its short updates, not while the receiver answers.
  const prisma = createPrismaClient(options.connectionString, { poolSize: Math.min(8, Math.max(4, config.NOTIFY_CONCURRENCY)) });
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 2 });
  // An idle connection dropped by the server (a failover) is discarded and replaced on next use;
  // unheard, the pool's error event would crash the process.
  pool.on("error", (error) => log.warn({ err: error.message }, "notify.pool_connection_lost"));
  let dispatchers: Dispatcher[] = [];
  try {
    await oneWorkerAtATime(options.listenConnectionString ?? options.connectionString, async () => {
      await boss.start();
      await createQueues(boss, config);
      await syncEnvChannels(prisma, config);
    });
    dispatchers = await startWorking(boss, prisma, config, log, options.pollIntervalMs ?? 500, options.onAttempt ?? (() => undefined));
  } catch (error) {
    // A worker that failed to start must not keep polling or holding connections.
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await pool.end().catch(() => undefined);
    await prisma.$disconnect().catch(() => undefined);
    throw error;
  }

  // One relay at a time per worker; a wake-up that arrives while one runs asks for another pass
  // (the row it announces may have committed after that pass's snapshot).
  let relaying: Promise<void> | null = null;
  let relayAgain = false;
  const relay = () => {
    if (relaying) {
      relayAgain = true;
      return relaying;
    }
    relaying = (async () => {
      try {
        do {
          relayAgain = false;
          while ((await relayPendingDeliveries(pool, boss)) > 0) {
            for (const dispatcher of dispatchers) dispatcher.wake(); // this node's share starts now
          }
        } while (relayAgain);
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error) }, "notify.relay_failed");
      } finally {
        relaying = null;
      }
    })();
    return relaying;
  };
  // Every commit of a pending row wakes the relay on every node (one of them claims it); the
  // timer covers notifications missed while the LISTEN connection was down, and the embedded
  // database, whose socket server forwards none.
  const listenUrl = options.listenConnectionString ?? options.connectionString;
  const listener = listenOn(
    listenUrl,
    "outbox_pending",
    () => void relay(),
    (message) => log.warn({}, message),
  );
  const timer = setInterval(() => void relay(), options.relayIntervalMs ?? 500);
  timer.unref();
  void relay();

  // The group chats hear of each lead as it commits (LISTEN lead_created), or on the timer.
  const chat: ChatPump = startChatPump(prisma, chatPumpSettings(config), {
    intervalMs: options.chatIntervalMs ?? 250,
    onError: (error) => log.warn({ err: error instanceof Error ? error.message : String(error) }, "notify.chat_pass_failed"),
  });
  // The first-response clock: reminders at the target, escalations at twice it (each once).
  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    sweeping ??= sweepResponseClock(prisma, configuredChannels(config))
      .catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : String(error) }, "notify.clock_sweep_failed"))
      .finally(() => (sweeping = null));
  };
  const clock = setInterval(sweep, options.clockIntervalMs ?? 5_000);
  clock.unref();
  sweep();
  const leadListener = listenOn(
    listenUrl,
    "lead_created",
    () => chat.wake(),
    (message) => log.warn({}, message),
  );

  return {
    async stop({ timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      clearInterval(timer);
      await listener.stop();
      await leadListener.stop();
      await chat.stop();
      clearInterval(clock);
      await sweeping;
      // A relay under way finishes its transaction (rows and jobs move together) first.
      await relaying;
      await Promise.all(dispatchers.map((d) => d.stop(Math.max(0, deadline - Date.now()))));
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(1_000, deadline - Date.now()) });
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
// queues happen one worker at a time, under a session advisory lock. Taken on a connection of
// its own to the session URL (DIRECT_DATABASE_URL behind a pooler in transaction mode, which
// would lose a session lock between transactions) and held outside any transaction: an open
// transaction kept around the work would stall the embedded database, whose socket server
// serves one connection's transaction at a time while pg-boss's and Prisma's pools wait.
async function oneWorkerAtATime(sessionUrl: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: sessionUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('once.notify.start'))`);
    try {
      await work();
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('once.notify.start'))`).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

// Each attempt's log line names the delivery, its channel and the request that created the lead.
async function startWorking(
  boss: PgBoss,
  prisma: PrismaClient,
  config: NotifyConfig,
  log: WorkerLog,
  pollIntervalMs: number,
  onAttempt: (attempt: DeliveryAttempt) => void,
): Promise<Dispatcher[]> {
  const dispatchers = (["webhook", "email"] as Channel[]).map((channel) =>
    startDispatcher<{ deliveryId: string }>(boss, queueFor(channel), {
      concurrency: config.NOTIFY_CONCURRENCY,
      pollIntervalMs,
      attemptTimeoutMs: config.NOTIFY_ATTEMPT_EXPIRE_SECONDS * 1000,
      onError: (error) => log.warn({ channel, err: error instanceof Error ? error.message : String(error) }, "notify.dispatch_failed"),
      async run(job) {
        const deliveryId = job.data.deliveryId;
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
      },
    }),
  );
  await boss.work<{ deliveryId: string }>(DEAD_LETTER_QUEUE, { batchSize: 10, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      const requestId = await markDead(prisma, job.data.deliveryId);
      log.warn({ deliveryId: job.data.deliveryId, requestId }, "notify.dead_letter");
    }
  });
  return dispatchers;
}

/** An admin's "retry" of a dead letter: the same delivery id, a fresh job and attempt count. */
export async function requeueDeadDelivery(prisma: PrismaClient, deliveryId: string): Promise<boolean> {
  const { count } = await prisma.notificationDelivery.updateMany({
    where: { id: deliveryId, status: "dead" },
    data: { status: "pending", attempts: 0, lastError: null, requeues: { increment: 1 } },
  });
  return count === 1;
}
