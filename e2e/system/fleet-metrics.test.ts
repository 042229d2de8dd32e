// Metrics and request ids on real production nodes (docs/OPERATIONS.md, "## Metrics" and
// "## Request ids"): /metrics with and without its token, every metric named there present,
// counters that move with an order, and one request id followed from a lead's POST to its
// outbox row, the node's log lines and the webhook that tells sales.
import http from "node:http";
import type net from "node:net";
import { createTRPCClient, httpLink } from "@trpc/client";
import type pg from "pg";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "@once/api/client";
import { SESSION_COOKIE } from "@once/api/session";
import { createTestDatabase, testPool, type TestDatabase } from "@once/db/testing";
import { startNginx, type NginxProcess } from "@once/scripts/cluster/nginx";
import { startNode, type NodeProcess } from "@once/scripts/cluster/node-process";
import { newKey, newSession, post } from "./cluster-fixture.ts";
import { FLEET_ENV, troubleIn } from "./fleet-fixture.ts";

const NGINX_PORT = 3470;
const METRICS_TOKEN = "metrics-token-for-the-system-test";
const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/** Every metric docs/OPERATIONS.md names, with its type. */
const METRICS = {
  once_operation_answers_total: "counter",
  once_http_request_duration_seconds: "histogram",
  once_db_pool_connections_in_use: "gauge",
  once_db_pool_requests_waiting: "gauge",
  once_db_pool_connections_max: "gauge",
  once_outbox_backlog: "gauge",
  once_outbox_oldest_pending_age_seconds: "gauge",
  once_outbox_dead_letters: "gauge",
  once_notify_delivery_attempts_total: "counter",
  once_idempotency_abandoned_claims_forgotten_total: "counter",
  process_cpu_seconds_total: "counter",
  nodejs_eventloop_lag_seconds: "gauge",
} as const;

/** A webhook receiver that answers 200 and remembers each delivery's X-Request-Id. */
async function recordingReceiver() {
  const requestIds = new Map<string, string | undefined>();
  const server = http.createServer((req, res) => {
    requestIds.set(String(req.headers["webhook-id"]), req.headers["x-request-id"] as string | undefined);
    req.resume();
    req.on("end", () => res.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks/leads`,
    requestIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: TestDatabase;
let sql: pg.Pool;
let receiver: Awaited<ReturnType<typeof recordingReceiver>>;
let node: NodeProcess;
let untokened: NodeProcess;
let nginx: NginxProcess;
beforeAll(async () => {
  database = await createTestDatabase("fleet_metrics");
  sql = testPool(database.url, 2);
  receiver = await recordingReceiver();
  const env = { ...FLEET_ENV, LOG_LEVEL: "info", TRUSTED_PROXIES: "loopback", NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET };
  node = await startNode({ port: NGINX_PORT + 1, databaseUrl: database.url, seed: true, env: { ...env, METRICS_TOKEN } });
  // A production node deployed without METRICS_TOKEN.
  untokened = await startNode({ port: NGINX_PORT + 2, databaseUrl: database.url, env: { ...env, NOTIFY_WORKER: "off" } });
  nginx = await startNginx({ port: NGINX_PORT, upstreamPorts: [node.port] });
});
afterAll(async () => {
  await nginx?.stop();
  await Promise.all([node?.stop(), untokened?.stop()]);
  await receiver?.close();
  await sql?.end();
  await database?.drop();
});

const scrape = (base: string, authorization?: string) => fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });

/** The samples of a Prometheus text exposition: `name{labels}` → value. */
async function samples(): Promise<{ text: string; value: (name: string, labels?: Record<string, string>) => number }> {
  const res = await scrape(node.url, `Bearer ${METRICS_TOKEN}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const parsed = text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
  const value = (name: string, labels: Record<string, string> = {}) =>
    parsed.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
  return { text, value };
}

const waitFor = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe("/metrics", () => {
  it("answers 401 without its token or with another, and never to a node without METRICS_TOKEN (404)", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-wrong-token", `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString("base64")}`, METRICS_TOKEN]) {
      const res = await scrape(node.url, authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toMatch(/once_|process_/);
    }
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}`]) {
      const res = await scrape(untokened.url, authorization);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toMatch(/once_|process_/);
    }
    // Per node only: not offered through the shared address.
    expect((await scrape(nginx.url, `Bearer ${METRICS_TOKEN}`)).status).toBe(404);
  });

  it("serves every metric named in docs/OPERATIONS.md in Prometheus's text format", async () => {
    const res = await scrape(node.url, `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    for (const [name, type] of Object.entries(METRICS)) expect(text, name).toContain(`# TYPE ${name} ${type}\n`);
    // Series that exist before anything happened, at zero.
    expect(text).toContain('once_operation_answers_total{operation="order",kind="conflict"} 0');
    expect(text).toContain('once_operation_answers_total{operation="lead",kind="in_progress"} 0');
    expect(text).toContain('once_notify_delivery_attempts_total{channel="email",result="failed"} 0');
    expect(text).toMatch(/^once_outbox_dead_letters\{channel="webhook"\} 0$/m);
    expect(text).toMatch(/^once_idempotency_abandoned_claims_forgotten_total 0$/m);
    expect(text).toMatch(/^once_outbox_backlog\{channel="webhook",status="pending"\} \d+$/m);
    expect(text).toMatch(/^once_outbox_oldest_pending_age_seconds \d/m);
    expect(text).toMatch(/^once_db_pool_connections_max 5$/m);
    expect(text).toMatch(/^once_db_pool_connections_in_use \d+$/m);
    expect(text).toMatch(/^once_db_pool_requests_waiting \d+$/m);
  });

  it("counts an order executed, its replay, a reused key (422) and their latencies by route template", async () => {
    const token = await newSession(node);
    const before = await samples();
    const key = newKey();
    const order = { item: "sample-guide", quantity: 1 };
    expect((await post(node, "/api/v1/orders", { token, key, body: order })).status).toBe(201);
    expect((await post(node, "/api/v1/orders", { token, key, body: order })).status).toBe(201);
    expect((await post(node, "/api/v1/orders", { token, key, body: { ...order, quantity: 2 } })).status).toBe(422);
    // Bodies read to the end: a request is measured when its answer has been sent.
    const page = await fetch(`${node.url}/guides/sample-guide`);
    expect([page.status, (await page.text()).length > 0]).toEqual([200, true]);
    const missing = await fetch(`${node.url}/no/such/page/${newKey()}`);
    expect([missing.status, (await missing.text()).length > 0]).toEqual([404, true]);
    const after = await samples();

    const moved = (name: string, labels: Record<string, string>) => after.value(name, labels) - before.value(name, labels);
    expect(moved("once_operation_answers_total", { operation: "order", kind: "executed" })).toBe(1);
    expect(moved("once_operation_answers_total", { operation: "order", kind: "replayed" })).toBe(1);
    expect(moved("once_operation_answers_total", { operation: "order", kind: "conflict" })).toBe(1);
    const orders = { method: "POST", route: "/api/v1/orders" };
    expect(moved("once_http_request_duration_seconds_count", { ...orders, status: "2xx" })).toBe(2);
    expect(moved("once_http_request_duration_seconds_count", { ...orders, status: "4xx" })).toBe(1);
    expect(after.value("once_http_request_duration_seconds_sum", { ...orders, status: "2xx" })).toBeGreaterThan(0);
    expect(moved("once_http_request_duration_seconds_count", { method: "GET", route: "/guides/[slug]", status: "2xx" })).toBe(1);
    expect(moved("once_http_request_duration_seconds_count", { method: "GET", route: "unmatched", status: "4xx" })).toBe(1);
    // Route labels are templates, never raw paths: no made-up URL becomes a series.
    expect(after.text).not.toContain("/no/such/page");
    expect(after.text).not.toContain("sample-guide");
  });
});

describe("a request id", () => {
  it("follows a lead from its POST to the outbox row, the request's log lines, the delivery attempt and the webhook", async () => {
    const token = await newSession(node);
    const before = await samples();
    const requestId = `lead-trace:${Date.now()}.a_b`;
    const res = await post(node, "/api/v1/leads", {
      token,
      key: newKey(),
      body: { name: "Trace", phone: "13911112222", content: "follow me" },
      headers: { "x-request-id": requestId },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("x-request-id")).toBe(requestId);
    const leadId = res.body.id as string;

    const { rows } = await sql.query<{ id: string; request_id: string }>(`select id, request_id from notification_delivery where lead_id = $1`, [leadId]);
    expect(rows).toEqual([{ id: expect.any(String) as string, request_id: requestId }]);
    const deliveryId = rows[0]!.id;

    await waitFor(() => receiver.requestIds.has(deliveryId), "the webhook");
    expect(receiver.requestIds.get(deliveryId)).toBe(requestId);

    const lines = node
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    await waitFor(() => node.output().includes(`"deliveryId":"${deliveryId}"`), "the delivery's log line", 10_000);
    // The request's own log line (REST's "operation"), written while it was answered.
    expect(lines.filter((l) => l.requestId === requestId && l.msg === "operation")).toEqual([expect.objectContaining({ type: "lead", status: 201 })]);
    const deliveryLines = node
      .output()
      .split("\n")
      .filter((line) => line.includes(`"deliveryId":"${deliveryId}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(deliveryLines).toEqual([expect.objectContaining({ msg: "notify.delivery", result: "delivered", channel: "webhook", requestId })]);

    await waitFor(
      async () =>
        (await samples()).value("once_notify_delivery_attempts_total", { channel: "webhook", result: "delivered" }) >
        before.value("once_notify_delivery_attempts_total", { channel: "webhook", result: "delivered" }),
      "the attempt counted",
    );
    const after = await samples();
    expect(
      after.value("once_operation_answers_total", { operation: "lead", kind: "executed" }) -
        before.value("once_operation_answers_total", { operation: "lead", kind: "executed" }),
    ).toBe(1);
    expect(after.value("once_outbox_backlog")).toBe(0);
  });

  it("is stored with a lead submitted as the web app does (tRPC), and answered in its header", async () => {
    const token = await newSession(node);
    const requestId = `web-click-${Date.now()}`;
    let answered: string | null = null;
    const trpc = createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${node.url}/api/trpc`,
          transformer: superjson,
          headers: { cookie: `${SESSION_COOKIE}=${token}`, "x-request-id": requestId },
          fetch: async (url, init) => {
            const res = await fetch(url, init);
            answered = res.headers.get("x-request-id");
            return res;
          },
        }),
      ],
    });
    const { result } = await trpc.lead.submit.mutate({ name: "Web", phone: "13933334444", content: "from the form", idempotencyKey: newKey() });
    expect(answered).toBe(requestId);
    const { rows } = await sql.query<{ request_id: string }>(`select request_id from notification_delivery where lead_id = $1`, [
      (result as { id: string }).id,
    ]);
    expect(rows).toEqual([{ request_id: requestId }]);
  });

  it("is kept when well-formed and replaced, never echoed, when malformed: at the node and through nginx", async () => {
    const malformed = ["has spaces", "x".repeat(129), 'quote"d', "semi;colon", "ünïcode", ""];
    for (const base of [node.url, nginx.url]) {
      for (const id of ["a", "0af7651916cd43dd8448eb211c80319c", "trace:1.2_3-4", "x".repeat(128)]) {
        const res = await fetch(`${base}/api/health/live`, { headers: { "x-request-id": id } });
        expect(res.headers.get("x-request-id"), `${base} ${id}`).toBe(id);
      }
      for (const id of malformed) {
        const res = await fetch(`${base}/api/health/live`, { headers: { "x-request-id": id } });
        const answered = res.headers.get("x-request-id");
        expect(answered, `${base} ${id}`).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
        expect(answered).not.toBe(id);
      }
      // None at all: one is minted.
      expect((await fetch(`${base}/api/health/live`)).headers.get("x-request-id")).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
    }
    expect(troubleIn(node.output())).toEqual([]);
  });
});
