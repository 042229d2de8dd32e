// Runs up to `concurrency` jobs of one pg-boss queue at a time on this node. pg-boss 10's
// work() handles one batch at a time, completes or fails the batch as a whole, and then waits
// out its polling interval even when more jobs are waiting: one delivery per half second per
// node, which left a burst of 150 leads 36 s behind (issue 13). Here each job is completed or
// failed on its own (pg-boss then retries it with its queue's backoff), a free slot is filled
// as soon as it frees up, and `wake()` fetches at once (the relay calls it after queuing jobs);
// the poll is the fallback for retries coming due and jobs queued by other nodes.
import type PgBoss from "pg-boss";

export interface Dispatcher {
  /** Fetches now, for as many jobs as there are free slots. */
  wake(): void;
  /**
   * Stops fetching and waits for the jobs under way, up to `timeoutMs`; jobs still running
   * then are failed back to pg-boss (retried later, by any worker).
   */
  stop(timeoutMs: number): Promise<void>;
}

export function startDispatcher<Data extends object>(
  boss: PgBoss,
  queue: string,
  options: {
    concurrency: number;
    pollIntervalMs: number;
    /** The queue's expiry: an attempt still running then frees its slot and is failed (as pg-boss's work() does). */
    attemptTimeoutMs: number;
    run: (job: PgBoss.Job<Data>) => Promise<void>;
    onError: (error: unknown) => void;
  },
): Dispatcher {
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  let fetching: Promise<void> | null = null;
  let fetchAgain = false;

  const fill = () => {
    if (stopping) return;
    if (fetching) {
      fetchAgain = true; // a slot freed or a wake arrived while a fetch was under way
      return;
    }
    fetching = fetchWhileFree().finally(() => (fetching = null));
  };

  const fetchWhileFree = async () => {
    try {
      do {
        fetchAgain = false;
        const free = options.concurrency - running.size;
        if (free <= 0 || stopping) break;
        const jobs = await boss.fetch<Data>(queue, { batchSize: free });
        for (const job of jobs) start(job);
        // Fewer than asked for: the queue is empty for now. All of them: each slot that frees
        // up asks for the next job.
      } while (fetchAgain);
    } catch (error) {
      options.onError(error);
    }
  };

  const start = (job: PgBoss.Job<Data>) => {
    const settled = (async () => {
      try {
        await withinTime(options.run(job), options.attemptTimeoutMs);
        await boss.complete(queue, job.id);
      } catch (error) {
        await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) }).catch(options.onError);
      }
    })()
      .catch(options.onError)
      .finally(() => {
        running.delete(job.id);
        fill();
      });
    running.set(job.id, settled);
  };

  const timer = setInterval(fill, options.pollIntervalMs);
  timer.unref();
  fill();

  return {
    wake: fill,
    async stop(timeoutMs) {
      stopping = true;
      clearInterval(timer);
      await fetching; // jobs it fetches are started, and waited for below
      let timeout: NodeJS.Timeout | undefined;
      const deadline = new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.allSettled(running.values()), deadline]);
      clearTimeout(timeout);
      for (const id of running.keys()) {
        await boss.fail(queue, id, { message: "the worker stopped while this attempt was running" }).catch(options.onError);
      }
    },
  };
}

/** Rejects after `ms` (the work itself cannot be cancelled and finishes in the background). */
async function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the attempt took longer than ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
