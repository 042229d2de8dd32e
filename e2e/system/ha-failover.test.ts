// Exactly-once through a PostgreSQL failover (docs/SCALING.md): two production nodes on the HA
// database of `pnpm cluster --ha` (etcd, two Patroni-managed PostgreSQL 15 in synchronous mode,
// HAProxy). 40 clients order and send inquiries, each retrying its own key until it gets a
// definitive answer; the leader's postmaster is SIGKILLed, and once the old leader is back as
// the synchronous standby, the new leader's Patroni agent is SIGKILLed too. Afterwards every key
// has exactly one result, every acknowledged order and lead is in the database and found by its
// key, and every lead reached the webhook under one delivery id. Needs root (PostgreSQL runs as
// the postgres user) and Debian's patroni, etcd-server and haproxy (installed when missing).
import http from "node:http";
import type net from "node:net";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertStaffAccount } from "@once/auth";
import { createPrismaClient } from "@once/db";
import { deployMigrations } from "@once/db/migrate";
import { testPool } from "@once/db/testing";
import { seedDatabase } from "@once/db/seed";
import { startHaDatabase, type HaDatabase } from "@once/scripts/cluster/ha/ha-database";
import { ensureDebianTools, HA_TOOLS } from "@once/scripts/cluster/ha/debian-packages";
import { startNode, type NodeProcess } from "@once/scripts/cluster/node-process";
import { getOperation, newKey, newSession, post } from "./cluster-fixture.ts";
import { FLEET_ENV, troubleIn } from "./fleet-fixture.ts";

const HA_PORT = 25440; // HAProxy; Patroni members, etcd and stats follow (scripts/cluster/ha/config-files.ts)
const NODE_PORT = 3400;
const CLIENTS = 40;
const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

let ha: HaDatabase;
let sql: pg.Pool;
let receiver: Awaited<ReturnType<typeof leadReceiver>>;

/** The test webhook: answers 200 and keeps, per delivery id (webhook-id), the lead it announced. */
async function leadReceiver() {
  const bodies = new Map<string, unknown>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.set(String(req.headers["webhook-id"]), JSON.parse(Buffer.concat(chunks).toString("utf8")));
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks/leads`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
const nodes: NodeProcess[] = [];
const staff = { email: "ha@staff.test", password: "ha-staff-password-123", name: "HA", role: "sales" as const };
let staffCookie = "";

beforeAll(async () => {
  ha = await startHaDatabase({ basePort: HA_PORT, databases: ["once_ha"] });
  const url = ha.url("once_ha");
  await deployMigrations({ databaseUrl: url });
  await seedDatabase(url);
  sql = testPool(url, 2); // its idle connections die with the leader
  receiver = await leadReceiver();
  const env = {
    ...FLEET_ENV,
    DATABASE_REPLICA_URL: ha.replicaUrl("once_ha"),
    NOTIFY_WEBHOOK_URL: receiver.url,
    NOTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    NOTIFY_RETRY_DELAY_SECONDS: "1",
    // A delivery attempt running when the leader died cannot be marked failed (no database):
    // pg-boss retries it once the attempt expires, found by its maintenance. Production waits
    // 60 s + up to 30 s for that (docs/SCALING.md); the test, 10 s + 2 s.
    NOTIFY_ATTEMPT_EXPIRE_SECONDS: "10",
    NOTIFY_MAINTENANCE_SECONDS: "2",
  };
  nodes.push(...(await Promise.all([1, 2].map((i) => startNode({ port: NODE_PORT + i, databaseUrl: url, env })))));
  const prisma = createPrismaClient(url, { poolSize: 1 });
  await upsertStaffAccount(prisma, staff);
  await prisma.$disconnect();
  const signIn = await fetch(`${nodes[0]!.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: nodes[0]!.url },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  expect(signIn.status).toBe(200);
  staffCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

/** The live dashboard's event stream (SSE) on `node`, as one growing text. */
function leadEvents(node: NodeProcess): { text: () => string; close: () => void } {
  const abort = new AbortController();
  let text = "";
  void fetch(`${node.url}/api/trpc/dashboard.leads.onCreated`, { headers: { cookie: staffCookie, accept: "text/event-stream" }, signal: abort.signal })
    .then(async (res) => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      for (let part = await reader.read(); !part.done; part = await reader.read()) text += decoder.decode(part.value, { stream: true });
    })
    .catch(() => undefined);
  return { text: () => text, close: () => abort.abort() };
}

/** The dashboard's lead list (read from the standby when there is one, else the leader). */
async function dashboardLeadIds(node: NodeProcess): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ json: { limit: 100 } }));
  const res = await fetch(`${node.url}/api/trpc/dashboard.leads.list?input=${input}`, { headers: { cookie: staffCookie } });
  expect(res.status).toBe(200);
  return res.text();
}
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await receiver?.close();
  await sql?.end().catch(() => undefined);
  await ha?.stop();
});

interface Outcome {
  kind: "order" | "lead";
  key: string;
  token: string;
  status: number;
  id: string;
}

/** What the load saw: every answer by status, every success's time, every definitive outcome. */
const seen = { statuses: new Map<number | string, number>(), successAt: [] as number[], outcomes: [] as Outcome[], unexpected: [] as string[] };
const RETRYABLE = new Set([409, 503]);

/** Sends one operation with one key until the answer is definitive (2xx or a non-retryable 4xx). */
async function untilDefinitive(node: () => NodeProcess, kind: Outcome["kind"], token: string, body: object): Promise<void> {
  const key = newKey();
  for (let attempt = 0; attempt < 400; attempt++) {
    let status: number | string;
    let reply: Awaited<ReturnType<typeof post>> | null = null;
    try {
      reply = await post(node(), kind === "order" ? "/api/v1/orders" : "/api/v1/leads", { token, key, body });
      status = reply.status;
    } catch {
      status = "network"; // never expected (the nodes stay up), counted and retried like a 503
    }
    seen.statuses.set(status, (seen.statuses.get(status) ?? 0) + 1);
    if (reply && reply.status < 300) {
      seen.successAt.push(Date.now());
      seen.outcomes.push({ kind, key, token, status: reply.status, id: String(reply.body.id) });
      return;
    }
    if (reply && RETRYABLE.has(reply.status)) {
      if (reply.status === 503 && !reply.headers.get("retry-after")) seen.unexpected.push(`503 without Retry-After: ${reply.text}`);
      if (reply.status === 503 && reply.body.retryable !== true) seen.unexpected.push(`503 not retryable: ${reply.text}`);
    } else if (reply && reply.status === 422 && reply.body.code === "OUT_OF_STOCK") {
      return; // a stored business outcome: definitive, and no order
    } else if (reply) {
      seen.unexpected.push(`${reply.status}: ${reply.text.slice(0, 300)}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  seen.unexpected.push(`${kind} ${key}: no definitive answer after 400 attempts`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("bad input", () => {
  it("without the Debian packages and no way to install them: one line naming what is missing", () => {
    const missing = [...HA_TOOLS, { binary: "once-no-such-tool", debianPackage: "once-no-such-package" }];
    expect(() => ensureDebianTools(missing, { install: false })).toThrow(
      /^missing Debian packages: once-no-such-package; run: sudo apt-get install -y once-no-such-package$/,
    );
  });

  it("a node pointed at the standby for writes refuses to start, with one line saying why", async () => {
    const { standby } = await ha.waitForHealthy({ timeoutMs: 30_000 });
    const url = `postgres://postgres@127.0.0.1:${standby!.pgPort}/once_ha`;
    const attempt = await startNode({ port: NODE_PORT + 9, databaseUrl: url, env: FLEET_ENV }).then(
      (node) => node.stop().then(() => "started"),
      (error: unknown) => String(error),
    );
    // startNode's error carries the node's whole output: exactly one line, before any migration.
    const output = attempt.split("exited with 1:\n")[1] ?? attempt;
    expect(output.trim().split("\n")).toEqual([
      expect.stringMatching(/^error: the database at 127\.0\.0\.1:\d+\/once_ha is a read-only standby \(pg_is_in_recovery\(\)\): writes need the primary/),
    ]);
  });
});

describe("exactly-once through a PostgreSQL failover", () => {
  it("40 clients keep every acknowledged key through a killed leader and a killed Patroni agent, with no duplicate", { timeout: 170_000 }, async () => {
    const tokens = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => newSession(nodes[i % 2]!)));
    let running = true;
    const clients = tokens.map(async (token, i) => {
      for (let n = 0; running; n++) {
        const node = () => nodes[(i + n) % 2]!;
        if (n % 2 === 0) await untilDefinitive(node, "order", token, { item: "sample-guide", quantity: 1 });
        else
          await untilDefinitive(node, "lead", token, {
            name: `Client ${i}`,
            phone: `1380000${String(i).padStart(4, "0")}`,
            content: `Inquiry ${n} of client ${i}`,
          });
      }
    });

    const events = leadEvents(nodes[0]!);
    const started = Date.now();
    await sleep(3_000);
    // Read from the standby (DATABASE_REPLICA_URL) while there is one.
    const listedBefore = await dashboardLeadIds(nodes[1]!);
    expect(seen.outcomes.filter((o) => o.kind === "lead" && o.status === 201).some((o) => listedBefore.includes(o.id))).toBe(true);
    const first = await ha.waitForHealthy({ timeoutMs: 5_000 });
    const firstKill = Date.now();
    first.leader.killPostgres(); // the leader's postmaster, SIGKILL: Patroni fails over to the synchronous standby
    const second = await ha.waitForHealthy({ leaderNot: first.leader.name, timeoutMs: 60_000 }); // and the old leader rejoined as synchronous standby
    const rejoinedAfterMs = Date.now() - firstKill;
    await sleep(2_000);
    const secondKill = Date.now();
    second.leader.killAgent(); // the new leader's Patroni agent: its PostgreSQL runs on, HAProxy cuts it off, its key expires
    const third = await ha.waitForHealthy({ leaderOnly: true, leaderNot: second.leader.name, timeoutMs: 60_000 });
    const leaderAgainAfterMs = Date.now() - secondKill;
    expect(third.leader.name).toBe(first.leader.name);
    await sleep(3_000);
    running = false;
    await Promise.all(clients);
    const ended = Date.now();

    // The longest stretch without a successful write, overall and around each kill.
    const times = [started, ...seen.successAt.sort((a, b) => a - b), ended];
    const gaps = times.slice(1).map((t, i) => ({ from: times[i]!, ms: t - times[i]! }));
    const longestAfter = (from: number, until: number) => Math.max(0, ...gaps.filter((g) => g.from + g.ms >= from && g.from <= until).map((g) => g.ms));
    const report = {
      acknowledged: seen.outcomes.length,
      orders: seen.outcomes.filter((o) => o.kind === "order").length,
      leads: seen.outcomes.filter((o) => o.kind === "lead").length,
      answers: Object.fromEntries(seen.statuses),
      retryable503: seen.statuses.get(503) ?? 0,
      longestWithoutWriteMs: Math.max(...gaps.map((g) => g.ms)),
      postgresKilledNoWriteMs: longestAfter(firstKill, firstKill + rejoinedAfterMs),
      agentKilledNoWriteMs: longestAfter(secondKill, secondKill + leaderAgainAfterMs),
      oldLeaderBackAsSyncStandbyMs: rejoinedAfterMs,
      leaderAfterAgentKillMs: leaderAgainAfterMs,
    };
    console.log(`HA failover: ${JSON.stringify(report)}`);

    expect(seen.unexpected).toEqual([]);
    expect(seen.statuses.get(500) ?? 0).toBe(0);
    expect(seen.statuses.get("network") ?? 0).toBe(0);
    expect(report.retryable503).toBeGreaterThan(0); // the outages were seen, and answered as retryable
    expect(report.leads).toBeGreaterThan(CLIENTS);

    // Every acknowledged result is in the database, once, under its key.
    const orderIds = seen.outcomes.filter((o) => o.kind === "order").map((o) => o.id);
    const leadIds = seen.outcomes.filter((o) => o.kind === "lead").map((o) => o.id);
    const { rows: orders } = await sql.query<{ id: string; operation_key: string }>(`select id, operation_key from sample_order`);
    const { rows: leads } = await sql.query<{ id: string; operation_key: string }>(`select id, operation_key from lead`);
    expect(orders.map((r) => r.id).sort()).toEqual([...orderIds].sort()); // no lost order, no extra one
    expect(leads.map((r) => r.id).sort()).toEqual([...leadIds].sort());
    const keyOf = new Map([...orders, ...leads].map((r) => [r.id, r.operation_key]));
    for (const o of seen.outcomes) expect(keyOf.get(o.id)).toBe(o.key);
    const { rows: records } = await sql.query<{ n: number }>(
      `select count(*)::int as n from idempotency_record group by principal, operation, key having count(*) > 1`,
    );
    expect(records).toEqual([]);

    // Findable by key through the API (a sample of every client's outcomes, both nodes).
    for (const [i, o] of seen.outcomes.filter((_, i) => i % 7 === 0).entries()) {
      const found = await getOperation(nodes[i % 2]!, o.token, o.key, o.kind);
      expect(found.status, found.text).toBe(200);
      expect(found.text).toContain(o.id);
    }

    // Every lead reached the webhook, under exactly one delivery id (pg-boss and the relay resumed on the new leader).
    const deadline = Date.now() + 45_000;
    const deliveredLeads = () => {
      const byLead = new Map<string, Set<string>>();
      for (const [deliveryId, body] of receiver.bodies) {
        const leadId = (body as { lead?: { id?: string } }).lead?.id;
        if (leadId) byLead.set(leadId, (byLead.get(leadId) ?? new Set()).add(deliveryId));
      }
      return byLead;
    };
    while (deliveredLeads().size < leadIds.length && Date.now() < deadline) await sleep(250);
    const byLead = deliveredLeads();
    expect(leadIds.filter((id) => !byLead.has(id))).toEqual([]);
    expect([...byLead.values()].filter((ids) => ids.size !== 1)).toEqual([]);

    // The live dashboard's LISTEN came back on the new leader by itself: leads committed from
    // its reconnect on are announced. (One committed before it is not: NOTIFY is not replayed.)
    const token = await newSession(nodes[1]!);
    let lateId = "";
    for (let n = 0, until = Date.now() + 20_000; !(lateId && events.text().includes(lateId)) && Date.now() < until; n++) {
      const late = await post(nodes[1]!, "/api/v1/leads", {
        token,
        key: newKey(),
        body: { name: "After", phone: "13900000001", content: `After the failover ${n}` },
      });
      expect(late.status).toBe(201);
      lateId = String(late.body.id);
      await sleep(1_000);
    }
    events.close();
    expect(events.text()).toContain(lateId);
    // The lead list still answers with no standby left (the replica port is empty): from the leader.
    expect(await dashboardLeadIds(nodes[1]!)).toContain(lateId);

    // No node logged an error beyond the outage's expected warnings.
    for (const node of nodes) expect(troubleIn(node.output())).toEqual([]);
  });
});
