// The connection class behind every Prisma client (client.ts): node-postgres in pipeline mode,
// so that two statements a transaction sends back to back travel in one write and one round
// trip instead of two. Only two moments are pipelined, and only for statements that say so
// with a leading SQL comment (the operation-record store's, packages/idempotency's
// postgres-store.ts):
//
//  - `PIPELINE_AFTER_BEGIN`: the statement goes out with its transaction's BEGIN. Prisma's
//    driver adapter sends BEGIN and waits for it before the first statement; here BEGIN is held
//    (answered at once) until the next statement, and sent in the same write when that statement
//    carries the mark. Such a statement must be safe to run alone: had BEGIN failed on a
//    connection that lived on (on an idle connection only a cancel or a lack of memory can make
//    it fail), it would run and commit by itself, and its caller gets BEGIN's error. The claim
//    is safe so: the next request for its key takes over a claim committed on its own
//    (postgres-store.ts, takeOverAbandoned). An unmarked first statement still waits for
//    BEGIN's answer and is never sent when BEGIN failed.
//  - `PIPELINE_BEFORE_COMMIT`: a statement whose answer nobody reads (an execute whose count
//    is ignored) is sent and answered at once; its real answer is awaited with the statement
//    that follows it on the connection, normally COMMIT, which goes out in the same write. If it
//    failed, PostgreSQL answers that COMMIT with ROLLBACK, and the COMMIT fails with its error:
//    nothing is committed and the caller learns why, as if it had waited.
//
// On this project's 2-core machines a write to the database's socket costs ~0.3 ms of the node's
// CPU (BENCHMARKS.md, 2026-12-06), more than Prisma's own work for a statement: the writes saved
// are CPU saved, not only latency.
import type { Writable } from "node:stream";
import pg from "pg";

/** Leading comment: this statement may travel with its transaction's BEGIN (it checks it is inside). */
export const PIPELINE_AFTER_BEGIN = "/* pipeline: after begin */";
/** Leading comment: nobody reads this statement's answer; it may travel with the next (COMMIT). */
export const PIPELINE_BEFORE_COMMIT = "/* pipeline: before commit */";

/** How many statements were sent ahead of their answer, for tests and benchmarks. */
export interface PipelineCounts {
  beginsWithStatement: number;
  beforeCommit: number;
}

const sentAhead = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });
const quiet = <T>(promise: Promise<T>) => {
  promise.catch(() => undefined); // its failure is reported with the statement that follows it
  return promise;
};

type Query = (config: pg.QueryConfig) => Promise<pg.QueryResult>;

export class PipelinedClient extends pg.Client {
  static readonly counts: PipelineCounts = { beginsWithStatement: 0, beforeCommit: 0 };

  constructor(config?: pg.ClientConfig) {
    super({ ...config, pipeline: true });
    const send = pg.Client.prototype.query.bind(this) as unknown as Query;
    const stream = () => (this as unknown as { connection: { stream: Writable } }).connection.stream;
    let heldBegin: pg.QueryConfig | null = null;
    let unanswered: Promise<pg.QueryResult>[] = [];
    let corked = false;
    const cork = () => {
      if (!corked) stream().cork();
      corked = true;
    };
    const uncork = () => {
      if (corked) stream().uncork();
      corked = false;
    };
    const sendHeldBegin = () => {
      if (!heldBegin) return;
      const begin = heldBegin;
      heldBegin = null;
      unanswered.push(quiet(send(begin)));
    };
    // The statement's own answer, once every answer sent before it has come: the first failure
    // among those is the failure of this statement too (its transaction is aborted by then).
    const afterEarlier = async (earlier: Promise<pg.QueryResult>[], own: Promise<pg.QueryResult>) => {
      const [before, answer] = await Promise.allSettled([Promise.all(earlier), own]);
      if (before.status === "rejected") throw before.reason;
      if (answer.status === "rejected") throw answer.reason;
      return answer.value;
    };
    const takeUnanswered = () => {
      const earlier = unanswered;
      unanswered = [];
      return earlier;
    };

    const pipelined = (config: pg.QueryConfig): Promise<pg.QueryResult> => {
      const text = config.text;
      if (text === "BEGIN" && !heldBegin && unanswered.length === 0 && this.getTransactionStatus() === "I") {
        heldBegin = config;
        setImmediate(sendHeldBegin); // nothing followed within this turn: BEGIN goes alone
        return Promise.resolve(sentAhead("BEGIN"));
      }
      if (heldBegin) {
        if (!text.startsWith(PIPELINE_AFTER_BEGIN)) {
          sendHeldBegin();
          return Promise.all(takeUnanswered()).then(() => send(config)); // never sent when BEGIN failed
        }
        PipelinedClient.counts.beginsWithStatement++;
        cork();
        sendHeldBegin();
        const own = send(config);
        uncork();
        return afterEarlier(takeUnanswered(), own);
      }
      if (text.startsWith(PIPELINE_BEFORE_COMMIT)) {
        PipelinedClient.counts.beforeCommit++;
        cork();
        unanswered.push(quiet(send(config)));
        setImmediate(uncork); // nothing followed within this turn: it goes alone
        return Promise.resolve(sentAhead("UPDATE"));
      }
      if (unanswered.length === 0) return send(config);
      const own = send(config);
      uncork();
      return afterEarlier(takeUnanswered(), own);
    };

    // Prisma's adapter calls query(config) and awaits the promise; every other form (callbacks,
    // submittables such as cursors) goes straight through, after anything held.
    this.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      const plain = typeof config === "object" && config !== null && typeof (config as { text?: unknown }).text === "string" && !("submit" in config);
      if (plain && values === undefined && callback === undefined) return pipelined(config as pg.QueryConfig);
      sendHeldBegin();
      uncork();
      return (pg.Client.prototype.query as (...args: unknown[]) => unknown).call(this, config, values, callback);
    }) as pg.Client["query"];
  }
}
