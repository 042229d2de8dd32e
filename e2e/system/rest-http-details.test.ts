// The HTTP around the REST contract on a production node: the 401 challenge, 405 with Allow,
// problem+json 404s under /api/v1, and replays of finished keys on a budget of their own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newKey, newSession, post, startCluster, type Cluster } from "./cluster-fixture.ts";

const WRITES_PER_SESSION = 3;
let cluster: Cluster;
const node = () => cluster.nodes[0]!;
const order = { item: "sample-guide", quantity: 1 };

beforeAll(async () => {
  cluster = await startCluster({
    label: "httpdetails",
    basePort: 3370,
    nodes: 1,
    env: { RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_SESSION), LOG_LEVEL: "error" },
  });
});
afterAll(() => cluster?.stop());

async function problemOf(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  return (await res.json()) as { status: number; code: string; detail: string };
}

describe("REST HTTP details", () => {
  it("challenges a 401 with WWW-Authenticate: Bearer, naming a token that was not accepted", async () => {
    const token = await newSession(node());
    const anonymous = await post(node(), "/api/v1/orders", { key: newKey(), body: order });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe('Bearer realm="once"');
    const forged = await post(node(), "/api/v1/leads", { token: `${token}x`, key: newKey(), body: {} });
    expect(forged.headers.get("www-authenticate")).toBe('Bearer realm="once", error="invalid_token"');
    const lookup = await fetch(`${node().url}/api/v1/operations/${newKey()}`);
    expect(lookup.status).toBe(401);
    expect(lookup.headers.get("www-authenticate")).toBe('Bearer realm="once"');
  });

  it("answers an unsupported method with 405, Allow and a problem", async () => {
    const cases: [string, string, string][] = [
      ["GET", "/api/v1/orders", "POST, OPTIONS"],
      ["DELETE", "/api/v1/leads", "POST, OPTIONS"],
      ["PUT", "/api/v1/sessions", "POST, OPTIONS"],
      ["POST", `/api/v1/operations/${newKey()}`, "GET, HEAD, OPTIONS"],
      ["PATCH", "/api/v1/openapi.json", "GET, HEAD, OPTIONS"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await fetch(`${node().url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(await problemOf(res)).toMatchObject({
        status: 405,
        code: "METHOD_NOT_ALLOWED",
        detail: `${method} is not supported here; use ${allow.split(", ")[0]}`,
      });
    }
    const options = await fetch(`${node().url}/api/v1/orders`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await fetch(`${node().url}/api/v1/orders`, { method: "HEAD" })).status).toBe(405);
  });

  it("answers every unknown path under /api/v1 with a problem+json 404", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1"],
      ["GET", "/api/v1/nothing-here"],
      ["POST", "/api/v1/orders/extra"],
      ["GET", "/api/v1/operations"],
      ["DELETE", "/api/v1/v2/anything/deeper"],
    ]) {
      const res = await fetch(`${node().url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await problemOf(res)).toMatchObject({
        status: 404,
        code: "NOT_FOUND",
        detail: `no endpoint ${method} ${path}; the endpoints are listed in /api/v1/openapi.json`,
      });
    }
  });

  it("lets replays of a finished key through after the write budget is spent, and still counts writes", async () => {
    const token = await newSession(node());
    const key = newKey();
    const first = await post(node(), "/api/v1/orders", { token, key, body: order });
    expect(first.status).toBe(201);
    for (let i = 0; i < WRITES_PER_SESSION + 3; i++) {
      const replay = await post(node(), "/api/v1/orders", { token, key, body: order });
      expect(replay.status).toBe(201);
      expect(replay.text).toBe(first.text);
    }
    // The replays spent none of the write budget: the two writes left still go through.
    const statuses: number[] = [];
    for (let i = 0; i < WRITES_PER_SESSION; i++) statuses.push((await post(node(), "/api/v1/orders", { token, key: newKey(), body: order })).status);
    expect(statuses).toEqual([201, 201, 429]);
    // A conflict is answered from the record too: it is no write.
    expect((await post(node(), "/api/v1/orders", { token, key, body: { ...order, quantity: 2 } })).status).toBe(422);
  });
});
