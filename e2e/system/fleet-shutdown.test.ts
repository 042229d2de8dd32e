// One production node's two health questions, and its stop: on SIGTERM it says "draining",
// takes no new connections, answers the requests in flight (and any arriving on an idle one) with
// `Connection: close`, lets the notification worker finish the delivery it holds, and exits 0
// within SHUTDOWN_TIMEOUT_MS. The requests are kept in flight by locks the test holds (the
// guide's row for orders, _prisma_migrations for the readiness check), so every step happens
// at a known moment.
import http from "node:http";
import net from "node:net";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testAdminUrl, testPool, type TestDatabase } from "@once/db/testing";
import { startNode, type NodeProcess } from "@once/scripts/cluster/node-process";
import { newKey, newSession } from "./cluster-fixture.ts";
import { FLEET_ENV, holdLocks, troubleIn, waitForLockWaiters } from "./fleet-fixture.ts";

const PORT = 3321;
const HEALTH_TOKEN = "fleet-health-token-0123456789";
const SHUTDOWN_TIMEOUT_MS = 15_000;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** One request on a connection of its own that asks for keep-alive (as nginx's do). */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: { "content-type": "application/json", ...options.headers }, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        agent.destroy();
        resolve({ status: res.statusCode!, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      });
    });
    req.on("error", (error) => {
      agent.destroy();
      reject(error);
    });
    if (options.body !== undefined) req.write(JSON.stringify(options.body));
    req.end();
  });
}

/** A keep-alive connection that has answered one request and now sits idle; `ask` sends another. */
async function idleConnection(port: number): Promise<{ closed: Promise<void>; ask: (path: string) => Promise<string> }> {
  const socket = net.connect(port, "127.0.0.1");
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => undefined);
  let seen = "";
  let waiter: (() => void) | null = null;
  socket.on("data", (chunk) => {
    seen += chunk.toString();
    waiter?.();
  });
  const ask = (path: string) =>
    new Promise<string>((resolve) => {
      seen = "";
      waiter = () => {
        if (/\r\n\r\n[\s\S]*"ok"/.test(seen)) resolve(seen);
      };
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    });
  await ask("/api/health/live");
  return { closed, ask };
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** A webhook receiver that holds each delivery until `release()`. */
async function holdingReceiver() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const received: string[] = [];
  let arrived!: () => void;
  const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer((req, res) => {
    received.push(String(req.headers["webhook-id"]));
    arrived();
    req.resume();
    void released.then(() => res.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks`,
    received,
    firstArrived,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

let database: TestDatabase;
let sql: pg.Pool;
let admin: pg.Pool;
let receiver: Awaited<ReturnType<typeof holdingReceiver>>;
let node: NodeProcess;
beforeAll(async () => {
  database = await createTestDatabase("fleet_shutdown");
  sql = testPool(database.url, 2);
  admin = testPool(testAdminUrl(), 1);
  receiver = await holdingReceiver();
  node = await startNode({
    port: PORT,
    databaseUrl: database.url,
    seed: true,
    env: {
      ...FLEET_ENV,
      HEALTH_TOKEN,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      // Orders wait for the test's lock on the guide instead of giving up after 2 s.
      IDEMPOTENCY_LOCK_TIMEOUT_MS: "20000",
      NOTIFY_WEBHOOK_URL: receiver.url,
      NOTIFY_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      NOTIFY_WEBHOOK_TIMEOUT_MS: "20000",
    },
  });
});
afterAll(async () => {
  receiver?.release();
  await node?.stop("SIGKILL");
  await receiver?.close();
  await sql?.end();
  await admin?.end();
  await database?.drop();
});

describe("a node's health questions", () => {
  it("live answers without the database; ready needs current migrations; /api/health is unchanged", async () => {
    const anonymous = async (path: string) => {
      const res = await fetch(`${node.url}${path}`);
      return [res.status, await res.json()] as const;
    };
    const monitoring = async (path: string) =>
      (await fetch(`${node.url}${path}`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } })).json() as Promise<unknown>;

    expect(await anonymous("/api/health/live")).toEqual([200, { status: "ok" }]);
    expect(await anonymous("/api/health/ready")).toEqual([200, { status: "ok" }]);
    expect(await anonymous("/api/health")).toEqual([200, { status: "ok" }]);
    expect(await monitoring("/api/health/ready")).toMatchObject({
      status: "ok",
      draining: false,
      database: "reachable",
      migrations: { current: true, pending: [] },
    });
    expect(await monitoring("/api/health")).toEqual({ status: "ok", database: "reachable", migrations: expect.objectContaining({ current: true }) as unknown });

    // A migration this node's code expects is not in the database: not ready, still alive.
    const { rows } = await sql.query<{ name: string }>(`select migration_name as name from _prisma_migrations order by migration_name desc limit 1`);
    const latest = rows[0]!.name;
    await sql.query(`update _prisma_migrations set migration_name = migration_name || '_hidden' where migration_name = $1`, [latest]);
    try {
      expect(await anonymous("/api/health/ready")).toEqual([503, { status: "unavailable" }]);
      expect(await anonymous("/api/health")).toEqual([503, { status: "unavailable" }]);
      expect(await anonymous("/api/health/live")).toEqual([200, { status: "ok" }]);
      expect(await monitoring("/api/health/ready")).toMatchObject({ status: "unavailable", migrations: { current: false, pending: [latest] } });
    } finally {
      await sql.query(`update _prisma_migrations set migration_name = $1 where migration_name = $1 || '_hidden'`, [latest]);
    }

    // While the database itself holds the readiness check up, liveness still answers at once.
    const lock = await holdLocks(database.url, ["lock table _prisma_migrations in access exclusive mode"]);
    try {
      const ready = fetch(`${node.url}/api/health/ready`);
      const started = Date.now();
      expect(await anonymous("/api/health/live")).toEqual([200, { status: "ok" }]);
      expect(Date.now() - started).toBeLessThan(1_000);
      await lock.release();
      expect((await ready).status).toBe(200);
    } finally {
      await lock.release();
    }
  });
});

describe("a node told to stop (SIGTERM)", () => {
  it("drains: not ready, no new connections, in-flight answers with Connection: close, delivery finished, exit 0 in time", async () => {
    const token = await newSession(node);
    const auth = { authorization: `Bearer ${token}` };

    // A lead whose webhook the worker is delivering right now (the receiver holds it).
    const lead = await request(`${node.url}/api/v1/leads`, {
      method: "POST",
      headers: { ...auth, "idempotency-key": newKey() },
      body: { name: "Drain", phone: "13800000000", content: "during a restart" },
    });
    expect(lead.status).toBe(201);
    await within(receiver.firstArrived, 30_000, "the webhook delivery");

    const idle = await idleConnection(PORT);

    // Four orders and a readiness check, held in flight by the test's locks.
    const locks = await holdLocks(database.url, [
      `select 1 from guide where slug = 'sample-guide' for update`,
      `lock table _prisma_migrations in access exclusive mode`,
    ]);
    const keys = [newKey(), newKey(), newKey(), newKey()];
    let orders: Promise<Answer[]>;
    let ready: Promise<Answer>;
    try {
      orders = Promise.all(
        keys.map((key) =>
          request(`${node.url}/api/v1/orders`, { method: "POST", headers: { ...auth, "idempotency-key": key }, body: { item: "sample-guide", quantity: 1 } }),
        ),
      );
      ready = request(`${node.url}/api/health/ready`);
      await waitForLockWaiters(admin, database.name, keys.length + 1, { timeoutMs: 30_000 });
    } catch (error) {
      await locks.release();
      throw error;
    }

    const signalled = Date.now();
    const exit = node.stop("SIGTERM");
    try {
      // The listener is closed at once (nginx's connect is refused: it tries the next node)…
      const deadline = Date.now() + 3_000;
      while (!(await connectionRefused(PORT))) {
        if (Date.now() > deadline) throw new Error("the node still accepts connections 3 s after SIGTERM");
        await new Promise((r) => setTimeout(r, 20));
      }
      // …while the process lives on to answer what it has. An idle keep-alive connection is not
      // cut under a request that may be on its way (nginx would answer that POST 502): a request
      // sent on it now is answered, with Connection: close, and then the connection ends.
      expect(node.process.exitCode).toBeNull();
      const late = await within(idle.ask("/api/health/live"), 3_000, "an answer on the idle keep-alive connection");
      expect(late).toMatch(/^HTTP\/1\.1 200 /);
      expect(late).toMatch(/\r\nconnection: close\r\n/i);
      await within(idle.closed, 3_000, "the keep-alive connection to be closed after that answer");
    } finally {
      await locks.release();
    }

    const answered = await within(orders, 20_000, "the orders in flight");
    expect(answered.map((a) => [a.status, a.headers.connection])).toEqual(keys.map(() => [201, "close"]));
    const readiness = await within(ready, 20_000, "the readiness check in flight");
    expect([readiness.status, readiness.body, readiness.headers.connection]).toEqual([503, { status: "draining" }, "close"]);

    // The delivery is still held: the node must wait for its worker, not exit under it.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(node.process.exitCode).toBeNull();
    receiver.release();

    const { code, signal } = await within(exit, SHUTDOWN_TIMEOUT_MS + 5_000, "the exit");
    const shutdownMs = Date.now() - signalled;
    console.log(`fleet-shutdown: SIGTERM to exit ${shutdownMs} ms (the test held requests and the delivery for part of it)`);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(shutdownMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);

    // The delivery under way was finished and recorded once; nothing was left for a retry.
    const deliveries = await sql.query<{ status: string; attempts: number }>(`select status::text, attempts from notification_delivery`);
    expect(deliveries.rows).toEqual([{ status: "delivered", attempts: 1 }]);
    expect(receiver.received).toHaveLength(1);
    const ordersInDb = await sql.query<{ n: number }>(`select count(*)::int as n from sample_order where operation_key = any($1::text[])`, [keys]);
    expect(ordersInDb.rows[0]!.n).toBe(keys.length);
    // The counters held in memory were written before the exit (within the 5 s flush interval
    // nothing else would have written them).
    const counted = await sql.query<{ n: number }>(
      `select coalesce(sum(count), 0)::int as n from operation_stat where operation = 'order' and kind = 'executed'`,
    );
    expect(counted.rows[0]!.n).toBe(keys.length);

    expect(node.output()).toMatch(/SIGTERM: draining \(\d+ requests in flight/);
    expect(node.output()).toMatch(/stopped in \d+ ms/);
    expect(troubleIn(node.output())).toEqual([]);
  });
});
