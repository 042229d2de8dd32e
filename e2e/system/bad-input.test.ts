// Every malformed key, body, media type, size or session gets its specific 4xx problem and
// stores nothing; never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, newKey, newSession, post, startCluster, type Cluster, type Reply } from "./cluster-fixture.ts";

let cluster: Cluster;
let token: string;
const node = () => cluster.nodes[0]!;
const order = { item: "sample-guide", quantity: 1 };
const lead = { name: "Li Lei", phone: "13800000000", content: "Please call me" };

beforeAll(async () => {
  cluster = await startCluster({
    label: "badinput",
    basePort: 3220,
    nodes: 1,
    env: { TRUSTED_PROXIES: "loopback", RATE_LIMIT_WRITES_PER_MINUTE: "40", RATE_LIMIT_SESSIONS_PER_MINUTE: "8", MAX_BODY_BYTES: "4096" },
  });
  token = await newSession(node());
});
afterAll(() => cluster?.stop());

const stored = async () => (await count(cluster.sql, "sample_order")) + (await count(cluster.sql, "lead")) + (await count(cluster.sql, "idempotency_record"));

function expectProblem(reply: Reply, status: number, code?: string) {
  expect(reply.status).toBe(status);
  expect(reply.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(reply.body).toMatchObject({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String), retryable: expect.any(Boolean) });
  if (code) expect(reply.body.code).toBe(code);
}

describe("bad input changes nothing", () => {
  it("answers each malformed request with its specific 4xx", async () => {
    const before = await stored();
    const cases: [string, Promise<Reply>, number, string | undefined][] = [
      ["no key", post(node(), "/api/v1/orders", { token, body: order }), 400, "IDEMPOTENCY_KEY_MISSING"],
      ["short key", post(node(), "/api/v1/orders", { token, key: "short", body: order }), 400, "IDEMPOTENCY_KEY_INVALID"],
      ["key with spaces", post(node(), "/api/v1/orders", { token, key: "has spaces in it", body: order }), 400, "IDEMPOTENCY_KEY_INVALID"],
      ["key too long", post(node(), "/api/v1/orders", { token, key: "k".repeat(256), body: order }), 400, "IDEMPOTENCY_KEY_INVALID"],
      ["bad quoted key", post(node(), "/api/v1/orders", { token, key: '"unterminated', body: order }), 400, "IDEMPOTENCY_KEY_INVALID"],
      ["bad body key", post(node(), "/api/v1/leads", { token, body: { ...lead, idemKey: "no" } }), 400, "IDEMPOTENCY_KEY_INVALID"],
      [
        "header and body keys differ",
        post(node(), "/api/v1/leads", { token, key: newKey(), body: { ...lead, idemKey: newKey() } }),
        400,
        "IDEMPOTENCY_KEY_INVALID",
      ],
      ["quantity zero", post(node(), "/api/v1/orders", { token, key: newKey(), body: { ...order, quantity: 0 } }), 400, "VALIDATION_FAILED"],
      ["quantity above limit", post(node(), "/api/v1/orders", { token, key: newKey(), body: { ...order, quantity: 6 } }), 400, "VALIDATION_FAILED"],
      ["quantity not a number", post(node(), "/api/v1/orders", { token, key: newKey(), body: { ...order, quantity: "1" } }), 400, "VALIDATION_FAILED"],
      ["no item", post(node(), "/api/v1/orders", { token, key: newKey(), body: { quantity: 1 } }), 400, "VALIDATION_FAILED"],
      ["name too long", post(node(), "/api/v1/leads", { token, key: newKey(), body: { ...lead, name: "x".repeat(51) } }), 400, "VALIDATION_FAILED"],
      ["phone too long", post(node(), "/api/v1/leads", { token, key: newKey(), body: { ...lead, phone: "1".repeat(21) } }), 400, "VALIDATION_FAILED"],
      ["phone not digits", post(node(), "/api/v1/leads", { token, key: newKey(), body: { ...lead, phone: "call me maybe" } }), 400, "VALIDATION_FAILED"],
      ["content too long", post(node(), "/api/v1/leads", { token, key: newKey(), body: { ...lead, content: "x".repeat(1001) } }), 400, "VALIDATION_FAILED"],
      ["bad e-mail", post(node(), "/api/v1/leads", { token, key: newKey(), body: { ...lead, email: "not-an-address" } }), 400, "VALIDATION_FAILED"],
      ["JSON array", post(node(), "/api/v1/leads", { token, key: newKey(), rawBody: "[]" }), 400, "VALIDATION_FAILED"],
      ["broken JSON", post(node(), "/api/v1/orders", { token, key: newKey(), rawBody: '{"item":' }), 400, "VALIDATION_FAILED"],
      ["no session", post(node(), "/api/v1/orders", { key: newKey(), body: order }), 401, "UNAUTHENTICATED"],
      ["forged session", post(node(), "/api/v1/orders", { token: `${token.slice(0, -2)}xx`, key: newKey(), body: order }), 401, "UNAUTHENTICATED"],
      ["garbage session", post(node(), "/api/v1/orders", { token: "nonsense", key: newKey(), body: order }), 401, "UNAUTHENTICATED"],
      [
        "text/plain",
        post(node(), "/api/v1/orders", { token, key: newKey(), body: order, headers: { "content-type": "text/plain" } }),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      ],
      [
        "form encoded",
        post(node(), "/api/v1/leads", { token, key: newKey(), rawBody: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } }),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      ],
      ["body too large", post(node(), "/api/v1/leads", { token, key: newKey(), body: { ...lead, content: "x".repeat(5000) } }), 413, "PAYLOAD_TOO_LARGE"],
    ];
    for (const [name, reply, status, code] of cases) {
      const r = await reply;
      expect.soft({ name, status: r.status, code: r.body.code }).toEqual({ name, status, code });
      expectProblem(r, status, code);
    }
    const validation = await post(node(), "/api/v1/leads", { token, key: newKey(), body: { ...lead, name: "", phone: "x" } });
    expect(validation.body.fields).toMatchObject({ name: expect.any(Array), phone: expect.any(Array) });
    expect(await stored()).toBe(before);
  });

  it("accepts the key as a quoted structured-field string and as the older lead form's body field idemKey", async () => {
    const key = `lead_${Date.now()}_k3j9xq`;
    const quoted = await post(node(), "/api/v1/orders", { token, key: `"${key}"`, body: order });
    expect(quoted.status).toBe(201);
    const viaBody = await post(node(), "/api/v1/orders", { token, body: { ...order, idemKey: key } });
    expect(viaBody.status).toBe(201);
    expect(viaBody.headers.get("idempotent-replayed")).toBe("true");
    expect(viaBody.body.id).toBe(quoted.body.id);
  });

  it("rate-limits new sessions per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${node().url}/api/v1/sessions`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.7" } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(8).fill(201)); // the budget: 8 per minute
    const limited = await fetch(`${node().url}/api/v1/sessions`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address is unaffected.
    expect((await fetch(`${node().url}/api/v1/sessions`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.8" } })).status).toBe(201);
  });

  it("rate-limits a session with 429 and Retry-After, without storing anything", async () => {
    const limited = await newSession(node());
    const before = await stored();
    const replies: Reply[] = [];
    for (let i = 0; i < 45; i++) replies.push(await post(node(), "/api/v1/orders", { token: limited, key: newKey(), rawBody: "{", headers: {} }));
    const tooMany = replies.filter((r) => r.status === 429);
    expect(tooMany.length).toBeGreaterThanOrEqual(5);
    expectProblem(tooMany[0]!, 429, "RATE_LIMITED");
    expect(tooMany[0]!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await stored()).toBe(before);
  });
});
