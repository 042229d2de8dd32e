// Exactly-once behind PgBouncer in transaction mode (docs/SCALING.md, "Behind PgBouncer"): a
// PostgreSQL of its own whose max_connections (30) is smaller than the three nodes' pools added
// up, PgBouncer in front (scripts/cluster/pooler/pooled-database.ts, as `pnpm cluster --pooler`).
// The nodes' pools go through PgBouncer (DATABASE_URL); their migrations at start-up (all three
// at once) and their LISTEN connections go to PostgreSQL itself (DIRECT_DATABASE_URL). Clients
// order and send inquiries, each retrying its own key until a definitive answer, while one node
// is SIGKILLed and started again under that load, then every node is restarted in turn (a rolling
// deployment) and the start-up check run ten times more, PgBouncer is restarted (a node starting
// meanwhile refuses with one line), and PostgreSQL is restarted the way a crash does. Afterwards every acknowledged
// order and lead is in the database once, under its key, every lead reached the webhook once
// (the outbox relay and pg-boss through PgBouncer), and the live lead list still hears new leads
// (LISTEN through the direct URL). Needs root (PostgreSQL and PgBouncer run as the postgres
// user) and Debian's pgbouncer (installed when missing).
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertStaffAccount } from "@once/auth";
import { createPrismaClient } from "@once/db";
import { testPool } from "@once/db/testing";
import { startPooledDatabase, type PooledDatabase } from "@once/scripts/cluster/pooler/pooled-database";
import { runStartUpCheck, startNode, type NodeProcess } from "@once/scripts/cluster/node-process";
import { newSession } from "./cluster-fixture.ts";
import { FLEET_ENV } from "./fleet-fixture.ts";
import { expectNothingLostOrDoubled, leadEvents, leadReceiver, outageLoad, signInStaff, WEBHOOK_SECRET, type LeadReceiver } from "./outage-load.ts";
import { waitUntil } from "./wait-until.ts";

const POOLER_PORT = 25640; // PgBouncer; PostgreSQL on the next port
const NODE_PORT = 3540;
const DATABASE = "once_pooler";
const MAX_CONNECTIONS = 30;
const POOL_SIZE = 12; // three nodes: 36 > 30, before the rate limits' and the worker's pools
const CLIENTS = 24;
// Rolling restarts of all three nodes under the load: one in the test command (with the ten
// start-up checks at once below, the step that once refused); POOLER_ROLLING_RESTARTS=10 for the
// long run (BENCHMARKS.md, "The test command", has its figures).
const ROLLING_RESTARTS = Number(process.env.POOLER_ROLLING_RESTARTS ?? 1);
if (!Number.isInteger(ROLLING_RESTARTS) || ROLLING_RESTARTS < 1)
  throw new Error(`POOLER_ROLLING_RESTARTS is a whole number ≥ 1, not "${process.env.POOLER_ROLLING_RESTARTS}"`);

let pooled: PooledDatabase;
let receiver: LeadReceiver;
const nodes: NodeProcess[] = [];
const staff = { email: "pooler@staff.test", password: "pooler-staff-password-123", name: "Pooler", role: "sales" as const };
let staffCookie = "";
let env: Record<string, string>;

beforeAll(async () => {
  pooled = await startPooledDatabase({ basePort: POOLER_PORT, maxConnections: MAX_CONNECTIONS, databases: [DATABASE] });
  receiver = await leadReceiver();
  env = {
    ...FLEET_ENV,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    DIRECT_DATABASE_URL: pooled.directUrl(DATABASE),
    NOTIFY_WEBHOOK_URL: receiver.url,
    NOTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    NOTIFY_RETRY_DELAY_SECONDS: "1",
    // An attempt under way when PostgreSQL or its node died is retried once it expires (as in
    // ha-failover.test.ts): production waits 60 s + up to 30 s, the test 10 s + 2 s.
    NOTIFY_ATTEMPT_EXPIRE_SECONDS: "10",
    NOTIFY_MAINTENANCE_SECONDS: "2",
  };
  // All three at once on an empty database: the migrations (under the schema engine's session
  // advisory lock, on the direct URL) and the catalog seed run at start-up, as `pnpm start` does.
  nodes.push(...(await Promise.all([1, 2, 3].map((i) => startNode({ port: NODE_PORT + i, databaseUrl: pooled.url(DATABASE), env, seed: true })))));
  const prisma = createPrismaClient(pooled.url(DATABASE), { poolSize: 1 });
  await upsertStaffAccount(prisma, staff);
  // Stock for every order of the run: each stays an order (its stock row locked and decremented
  // through every restart), not an OUT_OF_STOCK answer once the seeded 500 copies are gone.
  await prisma.$executeRawUnsafe(`update guide set stock = 1000000`);
  await prisma.$disconnect();
  staffCookie = await signInStaff(nodes[0]!, staff); // better-auth's session, through PgBouncer
});

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await receiver?.close();
  await pooled?.stop();
});

/** What `startNode` reported of a node that refused to start: its output, which must be one line. */
async function refusal(databaseUrl: string, overrides: Record<string, string>, port: number): Promise<string[]> {
  const attempt = await startNode({ port, databaseUrl, env: { ...env, ...overrides } }).then(
    (node) => node.stop().then(() => "started"),
    (error: unknown) => String(error),
  );
  return (attempt.split("exited with 1:\n")[1] ?? attempt).trim().split("\n");
}

describe("bad input: the node refuses to start with one line naming the variable and the fix", () => {
  // The declared pool mode (DATABASE_POOL_MODE, packages/db/src/connection-setup.ts) against what
  // PgBouncer and PostgreSQL show; the same checks through a plain TCP proxy are
  // packages/db/src/connection-setup.test.ts's.
  it("a pooler in transaction mode without DIRECT_DATABASE_URL", async () => {
    expect(await refusal(pooled.url(DATABASE), { DIRECT_DATABASE_URL: "" }, NODE_PORT + 7)).toEqual([
      expect.stringMatching(
        /^error: refusing to start: DATABASE_URL \(127\.0\.0\.1:\d+\/once_pooler\) goes through a pooler in transaction mode .*: set DATABASE_POOL_MODE=transaction and DIRECT_DATABASE_URL to PostgreSQL itself/,
      ),
    ]);
    expect(await refusal(pooled.url(DATABASE), { DIRECT_DATABASE_URL: "", DATABASE_POOL_MODE: "transaction" }, NODE_PORT + 7)).toEqual([
      expect.stringMatching(/^error: refusing to start: DATABASE_POOL_MODE=transaction needs DIRECT_DATABASE_URL/),
    ]);
  });

  it("a pooler in session mode declared direct", async () => {
    expect(await refusal(pooled.sessionModeUrl(DATABASE), { DIRECT_DATABASE_URL: "", DATABASE_POOL_MODE: "direct" }, NODE_PORT + 8)).toEqual([
      expect.stringMatching(
        /^error: refusing to start: DATABASE_POOL_MODE=direct but something sits between this node and PostgreSQL at .*once_pooler_session \(the server sees the connection from .*\): set DATABASE_POOL_MODE=session/,
      ),
    ]);
  });

  it("DATABASE_URL at PostgreSQL itself while DIRECT_DATABASE_URL says a pooler in transaction mode", async () => {
    const direct = pooled.directUrl(DATABASE);
    expect(await refusal(direct, { DIRECT_DATABASE_URL: `${direct}?application_name=direct` }, NODE_PORT + 9)).toEqual([
      expect.stringMatching(
        /^error: refusing to start: DATABASE_POOL_MODE \(unset: transaction\) says DATABASE_URL goes through a pooler in transaction mode, but 127\.0\.0\.1:\d+\/once_pooler is PostgreSQL itself/,
      ),
    ]);
  });

  it("DIRECT_DATABASE_URL pointing at the pooler", async () => {
    expect(await refusal(pooled.url(DATABASE), { DIRECT_DATABASE_URL: `${pooled.url(DATABASE)}?application_name=direct` }, NODE_PORT + 9)).toEqual([
      expect.stringMatching(
        /^error: refusing to start: DIRECT_DATABASE_URL \(.*\) goes through a pooler in transaction mode .*: point it at PostgreSQL itself/,
      ),
    ]);
  });

  it("a pool larger than PostgreSQL allows, connecting to it directly", async () => {
    expect(await refusal(pooled.directUrl(DATABASE), { DIRECT_DATABASE_URL: "", DATABASE_POOL_SIZE: "28" }, NODE_PORT + 6)).toEqual([
      expect.stringMatching(
        /^error: refusing to start: DATABASE_POOL_SIZE=28 is more than PostgreSQL at 127\.0\.0\.1:\d+\/once_pooler allows \(max_connections 30 − 3 reserved = 27\): lower DATABASE_POOL_SIZE, or put PgBouncer in transaction mode in front/,
      ),
    ]);
  });
});

describe("exactly-once behind PgBouncer in transaction mode", () => {
  it(
    "keeps every acknowledged key through a killed node, a rolling restart of every node and a restarted PostgreSQL, all under load; every start passes its checks",
    { timeout: 180_000 + (ROLLING_RESTARTS - 1) * 60_000 },
    async () => {
      expect(nodes.length * POOL_SIZE).toBeGreaterThan(MAX_CONNECTIONS);
      const load = outageLoad();
      const { seen } = load;
      const live = [...nodes];
      const tokens = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => newSession(nodes[i % nodes.length]!)));
      const clients = load.clients(tokens, (i, n) => live[(i + n) % live.length]!);
      let events = leadEvents(nodes[0]!, staffCookie);
      const acknowledged = (after: number) => seen.successAt.filter((t) => t > after).length;
      const writesGoOn = async (what: string, count = 40) => {
        const from = Date.now();
        await waitUntil(what, () => acknowledged(from) >= count, 30_000, 100);
      };
      /** Takes node `index` out of the clients' rotation, stops it with `signal`, starts it again as `pnpm start` does. */
      const restart = async (index: number, signal: NodeJS.Signals) => {
        const old = nodes[index]!;
        live.splice(live.indexOf(old), 1);
        await old.stop(signal);
        // Started while the others keep PgBouncer's server connections busy: its start-up check
        // (the pool mode against what the server shows) is not fooled by them (it once refused here).
        nodes[index] = await startNode({ port: old.port, databaseUrl: pooled.url(DATABASE), env, seed: true });
        live.push(nodes[index]);
      };

      const started = Date.now();
      await writesGoOn("writes through PgBouncer");
      // The node's LISTEN connection (direct URL) is live, and leads committed through PgBouncer are announced.
      expect(events.text()).toMatch(/"live":true/);
      const announcedBefore = seen.outcomes.filter((o) => o.kind === "lead").some((o) => events.text().includes(o.id));
      expect(announcedBefore).toBe(true);

      // A rolling deployment under load, every node in turn: the last one crashes (SIGKILL), the
      // others are stopped in order (SIGTERM: each drains, and cuts its event streams); each is
      // started again at once.
      events.close();
      const phases: Record<string, number> = {};
      let phaseStart = Date.now();
      const phase = (name: string) => {
        phases[name] = Date.now() - phaseStart;
        phaseStart = Date.now();
      };
      for (let round = 1; round <= ROLLING_RESTARTS; round++) {
        for (const index of [2, 0, 1]) {
          await restart(index, index === 2 ? "SIGKILL" : "SIGTERM");
          await writesGoOn(`writes after node ${index + 1} was restarted (round ${round})`, 10);
        }
      }
      phase("rollingRestartMs");
      // The start-up that once refused, ten at once under the same load (a fleet starting
      // together; each check's probes compete with the others' too): every one passes.
      const checks = await Promise.all(
        Array.from({ length: 10 }, () => runStartUpCheck({ port: NODE_PORT + 5, databaseUrl: pooled.url(DATABASE), env, seed: true })),
      );
      expect(checks.map((check) => (check.code === 0 ? 0 : check.output))).toEqual(Array.from({ length: 10 }, () => 0));
      phase("startUpChecksMs");
      await writesGoOn("writes during the start-up checks", 1);
      // PgBouncer restarted: a node starting while it is down refuses with one line (its unit
      // starts it again two seconds later: deploy/systemd/once-web@.service), the running nodes
      // answer 503 meanwhile and carry on once it is back.
      await pooled.stopPgbouncer();
      expect(await refusal(pooled.url(DATABASE), {}, NODE_PORT + 5)).toEqual([
        expect.stringMatching(/^error: the database at 127\.0\.0\.1:\d+\/once_pooler is unreachable: connection refused/),
      ]);
      await pooled.startPgbouncer();
      await writesGoOn("writes after PgBouncer restarted");
      phase("pgbouncerRestartMs");
      events = leadEvents(nodes[0]!, staffCookie); // the live list, on a node that started under load
      await waitUntil("the restarted node's live list", () => events.text().includes('"live":true'), 10_000, 100);

      const restartedAt = Date.now();
      await pooled.restartPostgres();
      const upAgainMs = Date.now() - restartedAt;
      await waitUntil("writes after PostgreSQL restarted", () => acknowledged(restartedAt + upAgainMs) >= 40, 30_000, 100);
      await clients.stop();

      const report = {
        acknowledged: seen.outcomes.length,
        orders: seen.outcomes.filter((o) => o.kind === "order").length,
        leads: seen.outcomes.filter((o) => o.kind === "lead").length,
        answers: Object.fromEntries(seen.statuses),
        postgresDownMs: upAgainMs,
        rollingRestarts: ROLLING_RESTARTS,
        ...phases,
        writesPerSecond: Math.round((seen.outcomes.length / (Date.now() - started)) * 1000),
      };
      console.log(`Pooler: ${JSON.stringify(report)}`);
      expect(seen.unexpected).toEqual([]);
      expect(seen.statuses.get(500) ?? 0).toBe(0);
      expect(seen.statuses.get(503) ?? 0).toBeGreaterThan(0); // the restart was seen, and answered as retryable

      // Nothing acknowledged lost or doubled; every lead delivered once (the relay and pg-boss
      // through PgBouncer); the node's LISTEN connection came back on the restarted PostgreSQL.
      const sql: pg.Pool = testPool(pooled.directUrl(DATABASE), 2);
      try {
        await expectNothingLostOrDoubled({ sql, nodes: live, outcomes: seen.outcomes, receiver, events, listNode: nodes[0]!, staffCookie });
      } finally {
        await sql.end();
      }
    },
  );
});
