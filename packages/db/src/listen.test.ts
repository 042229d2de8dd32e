// A LISTEN connection that stays up: it hears committed notifications, not rolled-back ones,
// and after its connection is killed (a database restart, a proxy timeout) it listens again.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOn } from "./listen.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.ts";

let database: TestDatabase;
let sql: pg.Client;
beforeAll(async () => {
  database = await createTestDatabase("listen", { migrate: false });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await database.drop();
});

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const listening = async () =>
  (await sql.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'listen test_channel'`))
    .rows[0]!.n === 1;

describe("listenOn", () => {
  it("hears committed notifications only, and listens again after its connection is killed", async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const listener = listenOn(
      database.url,
      "test_channel",
      (payload) => heard.push(payload),
      () => {},
      (live) => states.push(live),
    );
    try {
      await until(listening, "the LISTEN");
      await until(() => states.at(-1) === true, "the probe to come back (live)");
      await sql.query("begin");
      await sql.query("select pg_notify('test_channel', 'rolled back')");
      await sql.query("rollback");
      await sql.query("select pg_notify('test_channel', 'one')");
      await until(() => heard.length === 1, "the first notification");

      await sql.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen test_channel'`);
      await until(async () => !(await listening()), "the connection to end");
      await until(() => states.at(-1) === false, "down while reconnecting");
      await until(listening, "the LISTEN again");
      await until(() => states.at(-1) === true, "live again");
      await sql.query("select pg_notify('test_channel', 'two')");
      await until(() => heard.length === 2, "the notification after the reconnect");
      expect(heard).toEqual(["one", "two"]);
    } finally {
      await listener.stop();
    }
    await until(async () => !(await listening()), "the listener to stop");
  });

  it("listens on several channels over one connection per database, and each listener stops alone", async () => {
    const heard: string[] = [];
    const states = { a: [] as boolean[], b: [] as boolean[] };
    const listeningConnections = async () =>
      (
        await sql.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ~* '^(un)?listen '`,
        )
      ).rows[0]!.n;
    const a = listenOn(
      database.url,
      "channel_a",
      (p) => heard.push(`a:${p}`),
      () => {},
      (live) => states.a.push(live),
    );
    const b = listenOn(
      database.url,
      "channel_b",
      (p) => heard.push(`b:${p}`),
      () => {},
      (live) => states.b.push(live),
    );
    try {
      await until(() => states.a.at(-1) === true && states.b.at(-1) === true, "both live");
      expect(await listeningConnections()).toBe(1);
      await sql.query("select pg_notify('channel_a', '1'), pg_notify('channel_b', '2')");
      await until(() => heard.length === 2, "both notifications");
      expect(heard.sort()).toEqual(["a:1", "b:2"]);

      // After the connection is killed both listen again on the new one.
      await sql.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
      );
      await until(() => states.a.includes(false) && states.b.includes(false), "both down");
      await until(() => states.a.at(-1) === true && states.b.at(-1) === true, "both live again");
      expect(await listeningConnections()).toBe(1);

      // One stops: the other still hears, over the same connection; its channel is no longer listened on.
      await a.stop();
      await sql.query("select pg_notify('channel_a', '3'), pg_notify('channel_b', '4')");
      await until(() => heard.includes("b:4"), "b after a stopped");
      expect(heard).not.toContain("a:3");
      expect(await listeningConnections()).toBe(1);
    } finally {
      await a.stop();
      await b.stop();
    }
    await until(async () => (await listeningConnections()) === 0, "the connection to close with its last listener");
  });

  it("refuses a channel name it would have to quote", () => {
    expect(() => listenOn(database.url, "bad; drop table x", () => {})).toThrow("not a plain channel name");
  });
});
