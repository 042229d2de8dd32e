// The edges around the exactly-once core, attacked from outside on production nodes:
// spoofed addresses, the browser's write path, cross-site requests, cookies and headers,
// hostile bytes and what answers reveal. (Notifications: packages/notify's tests; the
// browser's stored data and session changes: e2e/tests/session-and-privacy.spec.ts.)
//
// Three nodes on one database: `direct` is reached with no proxy in front (TRUSTED_PROXIES
// empty), `proxied` believes X-Forwarded-For from this machine as if nginx were in front, and
// `https` is configured with an https PUBLIC_URL.
import net from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@once/db";
import { upsertStaffAccount } from "@once/auth";
import { createCustomerSession } from "@once/api/session";
import { nodeSecrets, startNode, type NodeProcess } from "@once/scripts/cluster/node-process";
import { count, newKey, post, startCluster, type Cluster } from "./cluster-fixture.ts";
import { waitUntil } from "./wait-until.ts";

const HEALTH_TOKEN = randomBytes(24).toString("base64url");
const env = {
  STAFF_SIGN_IN_PER_MINUTE: "5",
  RATE_LIMIT_WRITES_PER_MINUTE: "5",
  RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE: "12",
  RATE_LIMIT_SESSIONS_PER_MINUTE: "100",
  ORDER_DAILY_COPIES_PER_GUIDE: "3",
  HEALTH_TOKEN,
  LOG_LEVEL: "error",
};
const staff = { email: "erin@staff.test", password: "erin-password-123", name: "Erin", role: "admin" as const };

let cluster: Cluster;
let direct: NodeProcess;
let proxied: NodeProcess;
let https: NodeProcess;
const HTTPS_ORIGIN = "https://shop.example.test";

beforeAll(async () => {
  cluster = await startCluster({ label: "security", basePort: 3270, nodes: 1, env });
  direct = cluster.nodes[0]!;
  const databaseUrl = cluster.database.url;
  [proxied, https] = await Promise.all([
    startNode({ port: 3275, databaseUrl, env: { ...env, TRUSTED_PROXIES: "loopback" } }),
    // TLS ends at a proxy in front of it, as it would in production.
    startNode({ port: 3276, databaseUrl, env: { ...env, PUBLIC_URL: HTTPS_ORIGIN, TRUSTED_PROXIES: "loopback" } }),
  ]);
  const prisma = createPrismaClient(databaseUrl, { poolSize: 1 });
  await upsertStaffAccount(prisma, staff);
  await prisma.$disconnect();
});
afterAll(async () => {
  await Promise.all([proxied?.stop(), https?.stop()]);
  await cluster?.stop();
});

let lastAddress = 0;
/** A client address of its own for each use, as nginx would report it to `proxied`. */
const freshAddress = () => `198.51.100.${++lastAddress}`;
const lead = { name: "Li Lei", phone: "13800000000", content: "Please call me" };

function signIn(node: NodeProcess, email: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${node.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: node.url, ...headers },
    body: JSON.stringify({ email, password }),
  });
}
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function sessionAt(node: NodeProcess, address?: string): Promise<string> {
  const res = await fetch(`${node.url}/api/v1/sessions`, { method: "POST", headers: address ? { "x-forwarded-for": address } : {} });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** A tRPC mutation over plain HTTP, as the browser sends it. */
async function trpcMutation(node: NodeProcess, path: string, input: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${node.url}/api/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ json: input }),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: JSON.parse(text) as { error?: { json: { message: string; data: { protocol?: Record<string, unknown> } } } },
  };
}

describe("one notion of the client's address", () => {
  it("on a node reached directly, X-Forwarded-For buys no extra sign-in attempt and locks no one else out", async () => {
    const victim = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const spoofed = i % 2 === 0 ? `192.0.2.${i}` : victim;
      statuses.push((await signIn(direct, "nobody@staff.test", "wrong-password-1", { "x-forwarded-for": spoofed })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(35).fill(429));
    // The attacker's own address is spent, for the right password too…
    const blocked = await signIn(direct, staff.email, staff.password, { "x-forwarded-for": "192.0.2.200" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // …while the victim, whose address was named in the header, signs in (through the proxy).
    expect((await signIn(proxied, staff.email, staff.password, { "x-forwarded-for": victim })).status).toBe(200);
  });

  it("backs off wrong passwords on one account exponentially, on every node, until the right one", async () => {
    const account = { ...staff, email: "frank@staff.test", password: "frank-password-123" };
    const prisma = createPrismaClient(cluster.database.url, { poolSize: 1 });
    await upsertStaffAccount(prisma, account);
    await prisma.$disconnect();
    const attempt = (node: NodeProcess, password: string) => signIn(node, account.email, password, { "x-forwarded-for": freshAddress() });
    for (let i = 0; i < 5; i++) expect((await attempt(proxied, "wrong-password-2")).status).toBe(401);
    // The account's wait, as the shared store holds it (rate-limiter-flexible's key and expiry).
    const waitIsOver = async () => {
      const { rows } = await cluster.sql.query<{ expire: string | null }>(`select expire::text from rate_limit where key = $1`, [
        `sign-in-backoff:${account.email}`,
      ]);
      return rows.length === 0 || rows[0]!.expire === null || Number(rows[0]!.expire) <= Date.now();
    };
    const first = await attempt(proxied, account.password);
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    await waitUntil("the end of the 1 s wait", waitIsOver, 5_000);
    expect((await attempt(proxied, "wrong-password-2")).status).toBe(401);
    const doubled = await attempt(proxied, account.password);
    expect(doubled.status).toBe(429);
    expect(doubled.headers.get("retry-after")).toBe("2");
    await waitUntil("the end of the 2 s wait", waitIsOver, 5_000);
    expect((await attempt(proxied, account.password)).status).toBe(200);
    expect((await attempt(proxied, "wrong-password-2")).status).toBe(401); // the count started over
  });
});

describe("every write path has the same protections", () => {
  it("tRPC mutations spend the same per-session budget as REST, on every node", async () => {
    const address = freshAddress();
    const token = await sessionAt(proxied, address);
    const headers = { cookie: `once_session=${token}`, "x-forwarded-for": address };
    for (let i = 0; i < 3; i++)
      expect((await post(proxied, "/api/v1/leads", { token, key: newKey(), body: lead, headers: { "x-forwarded-for": address } })).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await trpcMutation(proxied, "lead.submit", { ...lead, idempotencyKey: newKey() }, headers)).status).toBe(200);
    const limited = await trpcMutation(proxied, "lead.submit", { ...lead, idempotencyKey: newKey() }, headers);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.json.data.protocol).toMatchObject({ code: "RATE_LIMITED", retryable: true });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another node shares the budget.
    expect((await trpcMutation(direct, "lead.submit", { ...lead, idempotencyKey: newKey() }, { cookie: `once_session=${token}` })).status).toBe(429);
    const customerId = token.split(".")[1];
    expect(await count(cluster.sql, "lead where customer_id = $1", [customerId])).toBe(5);
  });

  it("limits writes per client address, so fresh sessions buy nothing", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const token = await sessionAt(proxied, address);
      statuses.push(
        (await trpcMutation(proxied, "lead.submit", { ...lead, idempotencyKey: newKey() }, { cookie: `once_session=${token}`, "x-forwarded-for": address }))
          .status,
      );
    }
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(200));
    expect(statuses.slice(12)).toEqual([429, 429]);
    const viaRest = await post(proxied, "/api/v1/leads", {
      token: await sessionAt(proxied, address),
      key: newKey(),
      body: lead,
      headers: { "x-forwarded-for": address },
    });
    expect(viaRest.status).toBe(429);
  });

  // Counted as tRPC counts them: a percent-encoded comma is a comma (issue 29, item 3).
  it("refuses batched mutations, their commas plain or percent-encoded, and stores nothing", async () => {
    const address = freshAddress();
    const token = await sessionAt(proxied, address);
    const before = await count(cluster.sql, "lead");
    for (const [size, comma] of [
      [2, ","],
      [50, ","],
      [2, "%2C"],
      [5, "%2C"],
      [5, "%2c"],
    ] as const) {
      const paths = Array(size).fill("lead.submit").join(comma);
      const body = Object.fromEntries(Array.from({ length: size }, (_, i) => [String(i), { json: { ...lead, idempotencyKey: newKey() } }]));
      const res = await fetch(`${proxied.url}/api/trpc/${paths}?batch=1`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `once_session=${token}`, "x-forwarded-for": address },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/at most 1 procedure per POST request/);
    }
    expect(await count(cluster.sql, "lead")).toBe(before);
  });

  it("answers 413 to a body over MAX_BODY_BYTES on /api/trpc and /api/auth before reading it", async () => {
    for (const path of ["/api/trpc/lead.submit", "/api/auth/sign-in/email"]) {
      // 200 MB announced, none sent: the answer must come without waiting for the body.
      const head = await rawRequest(
        direct.port,
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200000000\r\n\r\n`,
      );
      expect(head).toMatch(/^HTTP\/1\.1 413 /);
      // A chunked body is cut off as soon as it passes the limit (1 MB offered, 16 kB allowed).
      const chunk = `4000\r\n${" ".repeat(0x4000)}\r\n`;
      const chunked = await rawRequest(
        direct.port,
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        Array<string>(64).fill(chunk),
      );
      expect(chunked).toMatch(/^HTTP\/1\.1 413 /);
    }
  });

  it("lets one customer or one phone number order at most the daily copies of a guide", async () => {
    const stock = async () => Number((await cluster.sql.query<{ stock: number }>(`select stock from guide where slug = 'sample-guide'`)).rows[0]!.stock);
    const before = await stock();
    const contact = { name: "Bot", phone: "+8613700000001", address: "1 Drain Street" };
    const statuses: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const address = freshAddress();
      const reply = await post(proxied, "/api/v1/orders", {
        token: await sessionAt(proxied, address),
        key: newKey(),
        body: { item: "sample-guide", quantity: 1, contact },
        headers: { "x-forwarded-for": address },
      });
      statuses.push(reply.status === 201 ? 201 : reply.body.code);
    }
    expect(statuses).toEqual([201, 201, 201, "DAILY_LIMIT_REACHED", "DAILY_LIMIT_REACHED"]);
    expect(await stock()).toBe(before - 3);
  });
});

describe("sessions cannot be swapped", () => {
  it("POST /api/v1/sessions refuses forms and other sites, and never replaces a session cookie", async () => {
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", "a=b"],
      ["text/plain", "{}"],
      ["multipart/form-data; boundary=x", "--x--"],
    ] as const) {
      const res = await fetch(`${direct.url}/api/v1/sessions`, { method: "POST", headers: { "content-type": type }, body });
      expect(res.status, type).toBe(415);
      expect(res.headers.getSetCookie(), type).toEqual([]);
    }
    const crossSite = await fetch(`${direct.url}/api/v1/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: "{}",
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);
    // A caller holding a session gets a token for API use, and keeps its cookie.
    const page = await fetch(`${direct.url}/guides`);
    const browserCookies = cookiesOf(page);
    const again = await fetch(`${direct.url}/api/v1/sessions`, { method: "POST", headers: { cookie: browserCookies } });
    expect(again.status).toBe(201);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it("accepts only canonical, unexpired tokens", async () => {
    const token = await sessionAt(direct);
    const key = newKey();
    expect((await post(direct, "/api/v1/leads", { token, key, body: lead })).status).toBe(201);
    const lookup = (t: string) => fetch(`${direct.url}/api/v1/operations/${key}`, { headers: { authorization: `Bearer ${t}` } });
    expect((await lookup(token)).status).toBe(200);
    for (const tampered of [`${token}A`, `${token}AAAA`, token.replace(/^cs2/, "cs1")]) expect((await lookup(tampered)).status).toBe(401);
    const expired = await createCustomerSession({ secret: nodeSecrets.SESSION_SECRET, ttlSeconds: -1 }, token.split(".")[1]);
    expect((await lookup(expired.token)).status).toBe(401);
  });

  it("keeps no secret in the production database", async () => {
    expect(await count(cluster.sql, "app_secret")).toBe(0);
  });
});

describe("cookies, transport and headers", () => {
  it("over https every cookie is Secure, the session cookie __Host-, and HSTS is sent", async () => {
    const page = await fetch(`${https.url}/guides`);
    const cookies = page.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("__Host-once_session="))).toMatch(/; Secure/);
    expect(cookies.find((c) => c.startsWith("once_sid="))).toMatch(/; Secure/);
    expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
    const staffSignIn = await signIn(https, staff.email, staff.password, { origin: HTTPS_ORIGIN, "x-forwarded-for": freshAddress() });
    expect(staffSignIn.status).toBe(200);
    for (const cookie of staffSignIn.headers.getSetCookie()) expect(cookie).toMatch(/^__Secure-.*; Secure/i);
    // Plain http: no HSTS, no Secure.
    const plain = await fetch(`${direct.url}/guides`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends a nonce CSP that forbids framing and eval on pages, and the baseline headers on every answer", async () => {
    const first = await fetch(`${direct.url}/guides`);
    const html = await first.text();
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(html).toContain(`nonce="${nonce}"`);
    const second = await fetch(`${direct.url}/guides`);
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1]!;
    for (const path of ["/guides", "/dashboard/sign-in", "/api/v1/openapi.json", "/api/health", script]) {
      const res = await fetch(`${direct.url}${path}`);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy"), path).toMatch(/camera=\(\)/);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      if (path.startsWith("/api/")) expect(res.headers.get("content-security-policy"), path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it("marks every answer that carries personal data no-store", async () => {
    const address = freshAddress();
    const token = await sessionAt(proxied, address);
    const key = newKey();
    await post(proxied, "/api/v1/leads", { token, key, body: lead, headers: { "x-forwarded-for": address } });
    const history = await fetch(`${direct.url}/api/trpc/me.history`, { headers: { cookie: `once_session=${token}` } });
    expect(history.status).toBe(200);
    expect(history.headers.get("cache-control")).toBe("no-store");
    const staffCookies = cookiesOf(await signIn(proxied, staff.email, staff.password, { "x-forwarded-for": freshAddress() }));
    const list = await fetch(`${direct.url}/api/trpc/dashboard.leads.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, {
      headers: { cookie: staffCookies },
    });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    const operation = await fetch(`${direct.url}/api/v1/operations/${key}`, { headers: { authorization: `Bearer ${token}` } });
    expect(operation.headers.get("cache-control")).toBe("no-store");
  });
});

describe("hostile input gets a 4xx, never a 500", () => {
  it("refuses NUL, control characters and lone surrogates naming the field, on REST and tRPC, storing nothing", async () => {
    const address = freshAddress();
    const token = await sessionAt(proxied, address);
    const headers = { "x-forwarded-for": address };
    const before = await count(cluster.sql, "lead");
    const nul = await post(proxied, "/api/v1/leads", { token, key: newKey(), body: { ...lead, name: "Li\u0000Lei" }, headers });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: "VALIDATION_FAILED", retryable: false, fields: { name: [expect.stringMatching(/control character/)] } });
    // A lone surrogate, escaped in JSON as a client library would send it.
    const lone = await post(proxied, "/api/v1/leads", {
      token,
      key: newKey(),
      rawBody: `{"name":"Li","phone":"13800000000","content":"hi \\ud800 there"}`,
      headers,
    });
    expect(lone.status).toBe(400);
    expect(lone.body).toMatchObject({ code: "VALIDATION_FAILED", fields: { content: [expect.stringMatching(/surrogate/)] } });
    const viaTrpc = await trpcMutation(
      proxied,
      "lead.submit",
      { ...lead, company: "Acme\u0007", idempotencyKey: newKey() },
      { ...headers, cookie: `once_session=${token}` },
    );
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.body.error?.json.data.protocol).toMatchObject({ code: "VALIDATION_FAILED", retryable: false, fields: { company: [expect.any(String)] } });
    expect(await count(cluster.sql, "lead")).toBe(before);
  });

  it("treats a malformed session cookie or token as no session", async () => {
    for (const cookie of ["once_session=%E0%A4%A", "once_session=cs2.%%%", `once_session=${"x".repeat(5000)}`]) {
      const page = await fetch(`${direct.url}/guides`, { headers: { cookie } });
      expect(page.status, cookie).toBe(200);
      expect(page.headers.getSetCookie().some((c) => c.startsWith("once_session=cs2."))).toBe(true);
      const history = await fetch(`${direct.url}/api/trpc/me.history`, { headers: { cookie } });
      expect(history.status, cookie).toBe(401);
    }
    const rest = await post(direct, "/api/v1/leads", { key: newKey(), body: lead, headers: { authorization: "Bearer %E0%A4%A" } });
    expect(rest.status).toBe(401);
  });

  it("says only 'internal error' and a request id on an unexpected failure; the log line with that id holds the detail", async () => {
    await cluster.sql.query(`
      create or replace function fail_on_marked_lead() returns trigger language plpgsql as $$
      begin
        if new.name = 'Trigger Boom' then raise exception 'INJECTED_DETAIL_7f3a in table lead'; end if;
        return new;
      end $$;
      create trigger fail_on_marked_lead before insert on lead for each row execute function fail_on_marked_lead();`);
    try {
      const address = freshAddress();
      const token = await sessionAt(proxied, address);
      const rest = await post(proxied, "/api/v1/leads", {
        token,
        key: newKey(),
        body: { ...lead, name: "Trigger Boom" },
        headers: { "x-forwarded-for": address },
      });
      expect(rest.status).toBe(500);
      expect(rest.body).toMatchObject({ code: "INTERNAL", retryable: true });
      const restId = rest.headers.get("x-request-id")!;
      expect(rest.body.detail).toContain(restId);
      const viaTrpc = await trpcMutation(
        proxied,
        "lead.submit",
        { ...lead, name: "Trigger Boom", idempotencyKey: newKey() },
        { cookie: `once_session=${token}`, "x-forwarded-for": address },
      );
      expect(viaTrpc.status).toBe(500);
      const trpcId = viaTrpc.headers.get("x-request-id")!;
      expect(viaTrpc.body.error?.json.message).toBe(`internal error (request id ${trpcId})`);
      for (const text of [rest.text, viaTrpc.text]) expect(text).not.toMatch(/INJECTED_DETAIL|prisma|invocation|postgres|stack/i);
      const lineWith = (id: string) =>
        proxied
          .output()
          .split("\n")
          .find((l) => l.includes(id));
      for (const id of [restId, trpcId]) {
        await waitUntil(`the log line of ${id}`, () => lineWith(id) !== undefined);
        expect(lineWith(id), id).toMatch(/INJECTED_DETAIL_7f3a/);
      }
    } finally {
      await cluster.sql.query(`drop trigger fail_on_marked_lead on lead; drop function fail_on_marked_lead();`);
    }
  });

  it("answers 404 to a staff mutation on an unknown id", async () => {
    const cookie = cookiesOf(await signIn(proxied, staff.email, staff.password, { "x-forwarded-for": freshAddress() }));
    const note = await trpcMutation(direct, "dashboard.leads.addNote", { id: crypto.randomUUID(), body: "hello" }, { cookie });
    expect(note.status).toBe(404);
  });
});

describe("personal data and details are kept where needed", () => {
  it("tells anonymous callers of /api/health only whether the node is healthy", async () => {
    const anonymous = await fetch(`${direct.url}/api/health`);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ status: "ok" });
    const wrong = await fetch(`${direct.url}/api/health`, { headers: { authorization: "Bearer not-the-token-at-all" } });
    expect(await wrong.json()).toEqual({ status: "ok" });
    const monitoring = await fetch(`${direct.url}/api/health`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
    expect(await monitoring.json()).toMatchObject({ status: "ok", database: "reachable", migrations: { current: true } });
  });
});

/** Sends raw bytes (a head, then body chunks while no answer came) and returns the answer's first line. */
function rawRequest(port: number, head: string, chunks: string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(head);
      const next = () => {
        const chunk = chunks.shift();
        if (!answered && chunk !== undefined && !socket.destroyed) socket.write(chunk, () => setImmediate(next));
      };
      next();
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("no answer within 5 s: the server waited for the body"));
    }, 5_000);
    socket.once("data", (data) => {
      answered = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(data.toString("latin1").split("\r\n")[0]!);
    });
    socket.on("error", (error) => {
      if (!answered) reject(error);
    });
  });
}
