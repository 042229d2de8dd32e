// Exactly-once behind PgBouncer in transaction mode (docs/SCALING.md, "Behind PgBouncer"): a
// PostgreSQL of its own whose max_connections (30) is smaller than the three nodes' pools added
// up, PgBouncer in front (scripts/cluster/pooler/pooled-database.ts, as `pnpm cluster --pooler`).
// The nodes' pools go through PgBouncer (DATABASE_URL); their migrations at start-up (all three
// at once) and their LISTEN connections go to PostgreSQL itself (DIRECT_DATABASE_URL). Clients
// order and send inquiries, each retrying its own key until a definitive answer, while one node
// is SIGKILLed and started again under that load, and PostgreSQL is restarted the way a crash does. Afterwards every acknowledged
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
import { startNode, type NodeProcess } from "@once/scripts/cluster/node-process";
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
    "keeps every acknowledged key through a killed node started again under load and a restarted PostgreSQL, and the live list still updates",
    { timeout: 150_000 },
    async () => {
      expect(nodes.length * POOL_SIZE).toBeGreaterThan(MAX_CONNECTIONS);
      const { seen, untilDefinitive } = outageLoad();
      const live = [...nodes];
      const tokens = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => newSession(nodes[i % nodes.length]!)));
      let running = true;
      const clients = tokens.map(async (token, i) => {
        for (let n = 0; running; n++) {
          // Each attempt asks for a node afresh: a key whose node was killed is retried on another.
          const node = () => live[(i + n) % live.length]!;
          if (n % 2 === 0) await untilDefinitive(node, "order", token, { item: "sample-guide", quantity: 1 });
          else
            await untilDefinitive(node, "lead", token, {
              name: `Client ${i}`,
              phone: `1380000${String(i).padStart(4, "0")}`,
              content: `Inquiry ${n} of client ${i}`,
            });
        }
      });
      const events = leadEvents(nodes[0]!, staffCookie);
      const acknowledged = (after: number) => seen.successAt.filter((t) => t > after).length;

      const started = Date.now();
      await waitUntil("writes through PgBouncer", () => acknowledged(started) >= 40, 30_000, 100);
      // The node's LISTEN connection (direct URL) is live, and leads committed through PgBouncer are announced.
      expect(events.text()).toMatch(/"live":true/);
      const announcedBefore = seen.outcomes.filter((o) => o.kind === "lead").some((o) => events.text().includes(o.id));
      expect(announcedBefore).toBe(true);

      const victim = nodes[2]!;
      live.splice(live.indexOf(victim), 1);
      const killedAt = Date.now();
      await victim.stop("SIGKILL");
      await waitUntil("writes after the node was killed", () => acknowledged(killedAt) >= 40, 30_000, 100);
      // It comes back while the others keep PgBouncer's server connections busy: its start-up check
      // (the pool mode against what the server shows) is not fooled by them (it once refused here).
      const comeback = await startNode({ port: victim.port, databaseUrl: pooled.url(DATABASE), env, seed: true });
      nodes[2] = comeback;
      live.push(comeback);
      const cameBackAt = Date.now();
      await waitUntil("writes after the node came back", () => acknowledged(cameBackAt) >= 40, 30_000, 100);

      const restartedAt = Date.now();
      await pooled.restartPostgres();
      const upAgainMs = Date.now() - restartedAt;
      await waitUntil("writes after PostgreSQL restarted", () => acknowledged(restartedAt + upAgainMs) >= 40, 30_000, 100);
      running = false;
      await Promise.all(clients);

      const report = {
        acknowledged: seen.outcomes.length,
        orders: seen.outcomes.filter((o) => o.kind === "order").length,
        leads: seen.outcomes.filter((o) => o.kind === "lead").length,
        answers: Object.fromEntries(seen.statuses),
        postgresDownMs: upAgainMs,
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
