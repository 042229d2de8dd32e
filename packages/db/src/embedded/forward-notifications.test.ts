// Notifications on the embedded database, as `pnpm dev` uses it: the app inserts a lead on one
// connection (the lead_created trigger of prisma/migrations NOTIFYs on commit) and a node's
// listener (@once/db/listen) on another must hear it within a second and say it is live. And the
// listener's probe must tell the truth where notifications do not cross connections: on
// pglite-socket as shipped (no forwarding) it reports "down", so the dashboards poll and say so.
import { readFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import pg from "pg";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { listenOn } from "../listen.ts";
import { migrationsDir } from "../repo-root.ts";
import { freePort } from "../testing/free-port.ts";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded-server.ts";
import { pinExtendedQueries } from "./pin-extended-queries.ts";

let dir: string;
let database: EmbeddedDatabase;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "once-notify-"));
  database = await startEmbeddedDatabase({ dataDir: path.join(dir, "pglite"), port: await freePort() });
  const setup = new pg.Client({ connectionString: database.url });
  await setup.connect();
  try {
    await setup.query(`create table "lead" (id text primary key)`);
    await setup.query(await readFile(path.join(migrationsDir(), "20261130202630_lead_created_notify", "migration.sql"), "utf8"));
  } finally {
    await setup.end();
  }
}, 60_000);

afterAll(async () => {
  await database?.stop();
  await rm(dir, { recursive: true, force: true });
});

test("a lead inserted on another connection reaches the listener within a second, once; the listener is live", async () => {
  const heard: { id: string; at: number }[] = [];
  const states: boolean[] = [];
  const listener = listenOn(
    database.url,
    "lead_created",
    (id) => heard.push({ id, at: Date.now() }),
    () => {},
    (live) => states.push(live),
  );
  const app = new pg.Pool({ connectionString: database.url, max: 4 });
  const bystander = new pg.Client({ connectionString: database.url });
  const bystanderHeard: string[] = [];
  bystander.on("notification", (n) => bystanderHeard.push(n.channel));
  await bystander.connect();
  try {
    await vi.waitFor(() => expect(states.at(-1)).toBe(true), { timeout: 5_000, interval: 20 });
    // As Prisma writes: parameters (the extended protocol), inside a transaction, and plainly.
    const client = await app.connect();
    const sent: { id: string; at: number }[] = [];
    try {
      await client.query("begin");
      await client.query(`insert into "lead" (id) values ($1)`, ["in-a-transaction"]);
      sent.push({ id: "in-a-transaction", at: Date.now() });
      await client.query("commit");
      await client.query("begin");
      await client.query(`insert into "lead" (id) values ($1)`, ["rolled-back"]);
      await client.query("rollback");
      sent.push({ id: "extended", at: Date.now() });
      await client.query(`insert into "lead" (id) values ($1)`, ["extended"]);
      sent.push({ id: "simple", at: Date.now() });
      await client.query(`insert into "lead" (id) values ('simple')`);
    } finally {
      client.release();
    }
    await vi.waitFor(() => expect(heard.map((h) => h.id)).toEqual(["in-a-transaction", "extended", "simple"]), { timeout: 1_000, interval: 10 });
    for (const { id, at } of sent) expect(heard.find((h) => h.id === id)!.at - at).toBeLessThan(1_000);
    // The connection that committed gets nothing extra on its own answer; each connection one copy.
    await app.query("select 1");
    expect(heard).toHaveLength(3);
    expect(bystanderHeard.filter((c) => c === "lead_created")).toHaveLength(3);
  } finally {
    await listener.stop();
    await bystander.end();
    await app.end();
  }
}, 30_000);

test("where notifications do not cross connections (pglite-socket as shipped), the probe says down, never live", async () => {
  const db = await PGlite.create();
  const port = await freePort();
  const server = new PGLiteSocketServer({ db: pinExtendedQueries(db), port, host: "127.0.0.1", maxConnections: 10 });
  await server.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  const states: boolean[] = [];
  const listener = listenOn(
    url,
    "lead_created",
    () => {},
    () => {},
    (live) => states.push(live),
  );
  try {
    await vi.waitFor(() => expect(states).toContain(false), { timeout: 5_000, interval: 50 });
    expect(states).not.toContain(true);
  } finally {
    await listener.stop();
    await server.stop();
    await db.close();
  }
}, 30_000);
