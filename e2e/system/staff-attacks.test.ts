// The attacks of issue 29 on a production node, each shown refused: a patient attacker against
// staff sign-in (form bodies, locking the holder out), better-auth's self-service endpoints,
// the tRPC batch cap, live streams that outlive their session, limits meant per customer and
// per staff member, and the smaller holes (CSV formulas, leaked error texts, cross-origin
// mutations, hostile bytes in queries, the staff cookie on the first dashboard visit).
//
// One node that believes X-Forwarded-For from this machine (as behind nginx), so each attack
// comes from addresses of its own and budgets do not leak between tests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@once/db";
import { upsertStaffAccount } from "@once/auth";
import { count, newKey, post, startCluster, type Cluster } from "./cluster-fixture.ts";
import { waitUntil } from "./wait-until.ts";

let cluster: Cluster;
const accounts = {
  admin: { email: "ada@staff.test", password: "orbit-4812-kite-lamp", name: "Ada", role: "admin" as const },
  sales: { email: "sam@staff.test", password: "lark-9316-cloud-bay", name: "Sam", role: "sales" as const },
  forms: { email: "fay@staff.test", password: "harbor-5521-tin-owl", name: "Fay", role: "sales" as const },
  holder: { email: "hana@staff.test", password: "reed-2754-maple-sun", name: "Hana", role: "sales" as const },
  streamer: { email: "stan@staff.test", password: "moss-6631-river-jet", name: "Stan", role: "sales" as const },
  busy: { email: "bea@staff.test", password: "fern-5178-quartz-hill", name: "Bea", role: "sales" as const },
  bulk: { email: "bob@staff.test", password: "pine-3049-amber-wave", name: "Bob", role: "sales" as const },
};

beforeAll(async () => {
  cluster = await startCluster({
    label: "staffattacks",
    basePort: 3440,
    nodes: 1,
    env: {
      TRUSTED_PROXIES: "loopback",
      STAFF_SIGN_IN_PER_MINUTE: "200",
      STAFF_SIGN_IN_FREE_FAILURES: "2",
      STAFF_WRITES_PER_MINUTE: "6",
      ORDER_DAILY_COPIES_PER_GUIDE: "2",
      ORDER_DAILY_COPIES_PER_ADDRESS: "2",
      RATE_LIMIT_SESSIONS_PER_MINUTE: "1000",
      LOG_LEVEL: "error",
    },
  });
  const prisma = createPrismaClient(cluster.database.url, { poolSize: 1 });
  for (const account of Object.values(accounts)) await upsertStaffAccount(prisma, account);
  await prisma.$disconnect();
});
afterAll(() => cluster?.stop());

const node = () => cluster.nodes[0]!;
let lastAddress = 0;
const freshAddress = () => `198.51.100.${++lastAddress}`;
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

function signIn(email: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${node().url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: node().url, "x-forwarded-for": freshAddress(), ...headers },
    body: JSON.stringify({ email, password }),
  });
}

async function staffCookie(account: { email: string; password: string }): Promise<string> {
  const res = await signIn(account.email, account.password);
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

async function trpc(method: "GET" | "POST", path: string, options: { input?: unknown; headers?: Record<string, string>; rawBody?: string } = {}) {
  const query = method === "GET" && options.input !== undefined ? `?input=${encodeURIComponent(JSON.stringify({ json: options.input }))}` : "";
  const res = await fetch(`${node().url}/api/trpc/${path}${query}`, {
    method,
    headers: method === "POST" ? { "content-type": "application/json", ...options.headers } : options.headers,
    body: method === "POST" ? (options.rawBody ?? JSON.stringify({ json: options.input })) : undefined,
  });
  const text = await res.text();
  let body: { error?: { json: { message: string; data: { protocol?: Record<string, unknown> } } }; result?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, body };
}

async function customerSession(address: string): Promise<string> {
  const res = await fetch(`${node().url}/api/v1/sessions`, { method: "POST", headers: { "x-forwarded-for": address } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

async function newLead(name = "Li Lei"): Promise<string> {
  const address = freshAddress();
  const reply = await post(node(), "/api/v1/leads", {
    token: await customerSession(address),
    key: newKey(),
    body: { name, phone: "13800000000", content: "Please call me" },
    headers: { "x-forwarded-for": address },
  });
  expect(reply.status).toBe(201);
  return String(reply.body.id);
}

/** A wrong password, repeated while the account's backoff answers 429, until it counts (401). */
async function failOnce(email: string): Promise<void> {
  await waitUntil(`a counted failure for ${email}`, async () => (await signIn(email, "wrong-password-0")).status === 401, 20_000, 100);
}

describe("1. the account backoff whatever the body's media type", () => {
  it("refuses form, multipart and text bodies on sign-in before better-auth sees them, for the right password too", async () => {
    const { email, password } = accounts.forms;
    await failOnce(email);
    await failOnce(email); // the free failures are spent: the account now waits
    expect((await signIn(email, password)).status).toBe(429);
    const bodies: [string, string][] = [
      ["application/x-www-form-urlencoded", new URLSearchParams({ email, password }).toString()],
      [
        "multipart/form-data; boundary=x",
        `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--x\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n--x--\r\n`,
      ],
      ["text/plain", JSON.stringify({ email, password })],
    ];
    for (const [type, body] of bodies) {
      const res = await fetch(`${node().url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": type, origin: node().url, "x-forwarded-for": freshAddress() },
        body,
      });
      expect(res.status, type).toBe(415);
      expect(res.headers.get("content-type"), type).toMatch(/problem\+json/);
      expect(
        res.headers.getSetCookie().some((c) => c.startsWith("staff.session_token")),
        type,
      ).toBe(false);
    }
    // Form attempts never reached better-auth, so none cleared (or dodged) the backoff.
    expect((await signIn(email, password)).status).toBe(429);
  });
});

describe("2. the backoff cannot be turned against the account's holder", () => {
  let deviceCookie = "";
  it("lets the right password through from a device that signed in before, while the attacker keeps the account backing off", async () => {
    const { email, password } = accounts.holder;
    const first = await signIn(email, password);
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((c) => c.startsWith("staff_device="))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Strict/i);
    deviceCookie = device.split(";")[0]!;
    // The attacker, from other addresses and without the cookie: the account backs off 1 s, 2 s, 4 s.
    for (let i = 0; i < 4; i++) await failOnce(email);
    const attacker = await signIn(email, password);
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get("retry-after"))).toBeGreaterThanOrEqual(2);
    // The holder's browser signs in at once, from yet another address.
    const holder = await signIn(email, password, { cookie: deviceCookie });
    expect(holder.status).toBe(200);
    // A forged or unknown device id buys nothing.
    for (let i = 0; i < 4; i++) await failOnce(email);
    expect((await signIn(email, password, { cookie: `staff_device=${"A".repeat(43)}` })).status).toBe(429);
  });

  it("forgets a known device after its own free failures, so a stolen cookie is no way around the backoff", async () => {
    const { email, password } = accounts.holder;
    // The account still backs off from the previous attack; the known device signs in.
    expect((await signIn(email, password, { cookie: deviceCookie })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(email, "wrong-password-1", { cookie: deviceCookie })).status).toBe(401);
    for (let i = 0; i < 3; i++) await failOnce(email);
    expect((await signIn(email, password, { cookie: deviceCookie })).status).toBe(429);
  });

  it("is cleared by an admin's password reset", async () => {
    const { email } = accounts.holder;
    await failOnce(email); // the account backs off again (4 s)
    const newPassword = "cove-8841-birch-lantern";
    expect((await signIn(email, newPassword)).status).toBe(429);
    const admin = await staffCookie(accounts.admin);
    const reset = await trpc("POST", "dashboard.staffAccounts.resetPassword", { input: { email, password: newPassword }, headers: { cookie: admin } });
    expect(reset.status).toBe(200);
    expect((await signIn(email, newPassword)).status).toBe(200);
  });
});

describe("3. the batch cap counts what tRPC runs (POST batches: security.test.ts)", () => {
  it("answers 1,000 encoded queries in one GET with a short 400", async () => {
    const res = await fetch(`${node().url}/api/trpc/${Array(1_000).fill("catalog.list").join("%2c")}?batch=1`);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toMatch(/at most 16 procedures per GET request/);
    expect(text.length).toBeLessThan(2_000);
    // Up to the cap, a batch of queries still runs.
    const allowed = await fetch(`${node().url}/api/trpc/${Array(16).fill("catalog.list").join("%2C")}?batch=1`);
    expect(allowed.status).toBe(200);
  });
});

describe("4. better-auth's self-service endpoints are closed", () => {
  it("answers 404 to every endpoint the dashboard does not use, and changes nothing", async () => {
    const cookie = await staffCookie(accounts.sales);
    const attempts: [string, unknown][] = [
      ["/change-password", { currentPassword: accounts.sales.password, newPassword: "aaaaaaaaaa", revokeOtherSessions: false }],
      ["/change-password", { currentPassword: accounts.sales.password, newPassword: "change-me-now" }],
      ["/update-user", { name: `${"x".repeat(15_000)}\r\n\u202E` }],
      ["/update-user", { name: "Sam\u0000" }],
      ["/update-user", { name: "Admin" }],
      ["/verify-password", { password: "wrong-password-9" }],
      ["/change-email", { newEmail: "evil@staff.test" }],
      ["/delete-user", {}],
      ["/revoke-sessions", {}],
      ["/request-password-reset", { email: accounts.sales.email }],
      ["/reset-password", { newPassword: "aaaaaaaaaa", token: "x" }],
      ["/sign-up/email", { email: "new@staff.test", password: "Some-pass-1234-x", name: "New" }],
    ];
    for (const [path, body] of attempts) {
      const res = await fetch(`${node().url}/api/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: node().url, cookie },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/problem\+json/);
    }
    for (const path of ["/list-sessions", "/list-accounts"])
      expect((await fetch(`${node().url}/api/auth${path}`, { headers: { cookie } })).status, path).toBe(404);
    const { rows } = await cluster.sql.query<{ name: string; role: string }>(`select name, role from staff_user where email = $1`, [accounts.sales.email]);
    expect(rows[0]).toEqual({ name: "Sam", role: "sales" });
    expect((await signIn(accounts.sales.email, accounts.sales.password)).status).toBe(200);
    expect((await trpc("GET", "dashboard.me", { headers: { cookie } })).status).toBe(200);
  });
});

describe("5. a live stream ends with its session and is capped per session", () => {
  async function openStream(cookie: string) {
    const controller = new AbortController();
    const res = await fetch(`${node().url}/api/trpc/dashboard.leads.onCreated`, {
      headers: { cookie, accept: "text/event-stream" },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let text = "";
    let done = false;
    const reading = (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (chunk.done) return void (done = true);
        text += new TextDecoder().decode(chunk.value);
      }
    })();
    return { res, text: () => text, ended: () => done, reading, close: () => controller.abort() };
  }

  for (const [how, end] of [
    [
      "signed out",
      async (cookie: string) => {
        const out = await fetch(`${node().url}/api/auth/sign-out`, {
          method: "POST",
          headers: { cookie, origin: node().url, "content-type": "application/json" },
          body: "{}",
        });
        expect(out.status).toBe(200);
      },
    ],
    [
      "expired",
      () =>
        cluster.sql
          .query(`update staff_session set expires_at = now() - interval '1 second' where user_id = (select id from staff_user where email = $1)`, [
            accounts.streamer.email,
          ])
          .then(() => undefined),
    ],
    ["disabled", () => cluster.sql.query(`update staff_user set disabled_at = now() where email = $1`, [accounts.streamer.email]).then(() => undefined)],
  ] as const) {
    it(`stops sending lead ids once the session is ${how}`, async () => {
      await cluster.sql.query(`update staff_user set disabled_at = null where email = $1`, [accounts.streamer.email]);
      const cookie = await staffCookie(accounts.streamer);
      const stream = await openStream(cookie);
      await waitUntil("the stream's first event", () => stream.text().includes('"live"'));
      const before = await newLead();
      await waitUntil("the lead's id on the stream", () => stream.text().includes(before));
      await end(cookie);
      await waitUntil("the stream to end", () => stream.ended(), 10_000);
      const after = await newLead();
      expect(stream.text()).not.toContain(after);
    });
  }

  it("refuses a fifth stream on one session", async () => {
    await cluster.sql.query(`update staff_user set disabled_at = null where email = $1`, [accounts.streamer.email]);
    const cookie = await staffCookie(accounts.streamer);
    const streams = [];
    for (let i = 0; i < 4; i++) {
      const stream = await openStream(cookie);
      await waitUntil(`stream ${i + 1}'s first event`, () => stream.text().includes('"live"'));
      streams.push(stream);
    }
    const fifth = await openStream(cookie);
    await waitUntil("the fifth stream's refusal", () => /at most 4 live streams per session/.test(fifth.text()));
    expect(fifth.text()).not.toContain('"live"');
    fifth.close();
    // A stream that closes gives its place back.
    streams.pop()!.close();
    await waitUntil("a place for a new stream", async () => {
      const again = await openStream(cookie);
      await waitUntil("an answer", () => again.text().length > 0);
      const live = again.text().includes('"live"');
      again.close();
      return live;
    });
    for (const stream of streams) stream.close();
  });
});

describe("6. limits per customer and per staff member", () => {
  const order = async (address: string, contact: unknown) =>
    post(node(), "/api/v1/orders", {
      token: await customerSession(address),
      key: newKey(),
      body: { item: "sample-guide", quantity: 1, contact },
      headers: { "x-forwarded-for": address },
    });

  it("counts a phone's +86 and local spellings as one customer, whatever sessions and addresses order", async () => {
    const contact = (phone: string) => ({ name: "Bot", phone, address: "1 Drain Street" });
    const statuses: unknown[] = [];
    for (const phone of ["+8613700000009", "137 0000 0009", "13700000009", "+86 137-0000-0009"]) {
      const reply = await order(freshAddress(), contact(phone));
      statuses.push(reply.status === 201 ? 201 : reply.body.code);
    }
    expect(statuses).toEqual([201, 201, "DAILY_LIMIT_REACHED", "DAILY_LIMIT_REACHED"]);
  });

  it("counts orders without a phone per client address, so fresh sessions buy no copies", async () => {
    const address = freshAddress();
    const statuses: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const reply = await order(address, undefined);
      statuses.push(reply.status === 201 ? 201 : reply.body.code);
    }
    expect(statuses).toEqual([201, 201, "DAILY_LIMIT_REACHED", "DAILY_LIMIT_REACHED"]);
    expect((await order(freshAddress(), undefined)).status).toBe(201); // another address is another customer
  });

  it("gives staff mutations a budget per staff member, a bulk update counting once per lead", async () => {
    const cookie = await staffCookie(accounts.busy);
    const lead = await newLead();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await trpc("POST", "dashboard.leads.addNote", { input: { id: lead, body: `note ${i}` }, headers: { cookie } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(await count(cluster.sql, "lead_note where lead_id = $1", [lead])).toBe(6);

    const bulkCookie = await staffCookie(accounts.bulk);
    const leads = [];
    for (let i = 0; i < 7; i++) leads.push({ id: await newLead(), version: 1 });
    const bulk = await trpc("POST", "dashboard.leads.bulkUpdate", { input: { leads, status: "contacted" }, headers: { cookie: bulkCookie } });
    expect(bulk.status).toBe(429);
    expect(Number(bulk.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await count(cluster.sql, `lead where id = any($1::uuid[]) and status <> 'new'`, [leads.map((l) => l.id)])).toBe(0);
  });
});

describe("7. the smaller holes", () => {
  it("neutralises every formula lead character in the CSV export", async () => {
    const names = [";cmd|' /C calc'!A0", "＝HYPERLINK(1)", "＋1＋1", "－1", "＠SUM(1)", "|calc"];
    for (const name of names) await newLead(name);
    const cookie = await staffCookie(accounts.admin);
    const res = await fetch(`${node().url}/api/dashboard/leads.csv`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const csv = await res.text();
    for (const name of names) {
      const cell = name.includes('"') || name.includes(",") ? `"'${name.replace(/"/g, '""')}"` : `'${name}`;
      expect(csv, name).toContain(`,${cell},`);
    }
  });

  it("names no internals in tRPC error messages", async () => {
    const malformed = await trpc("POST", "lead.submit", { rawBody: '{"json":{"name":' });
    const deep = await trpc("POST", "lead.submit", { rawBody: `{"json":${"[".repeat(5_000)}${"]".repeat(5_000)}}` });
    const deepQuery = await trpc("GET", `catalog.bySlug?input=${encodeURIComponent(`{"json":${"[".repeat(2_000)}${"]".repeat(2_000)}}`)}`);
    for (const reply of [malformed, deep, deepQuery]) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(reply.text).not.toMatch(/call stack|JSON at position|Unexpected (token|end)|SyntaxError|RangeError|node_modules/i);
    }
  });

  it("refuses a tRPC mutation from another origin, and stores nothing", async () => {
    const address = freshAddress();
    const token = await customerSession(address);
    const before = await count(cluster.sql, "lead");
    const input = { name: "Li Lei", phone: "13800000000", content: "csrf" };
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }] as Record<string, string>[]) {
      const res = await trpc("POST", "lead.submit", {
        input: { ...input, idempotencyKey: newKey() },
        headers: { ...headers, cookie: `once_session=${token}`, "x-forwarded-for": address },
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await count(cluster.sql, "lead")).toBe(before);
    const own = await trpc("POST", "lead.submit", {
      input: { ...input, idempotencyKey: newKey() },
      headers: { origin: node().url, "sec-fetch-site": "same-origin", cookie: `once_session=${token}`, "x-forwarded-for": address },
    });
    expect(own.status).toBe(200);
    // Behind a proxy that changed Host and port, the browser's own Sec-Fetch-Site still counts.
    const proxied = await trpc("POST", "lead.submit", {
      input: { ...input, idempotencyKey: newKey() },
      headers: { origin: "http://shop.example.test:8080", "sec-fetch-site": "same-origin", cookie: `once_session=${token}`, "x-forwarded-for": address },
    });
    expect(proxied.status).toBe(200);
  });

  it("answers a NUL byte or an unpaired surrogate in a public query with a 400 problem document", async () => {
    for (const slug of ["sample\u0000guide", "sample\ud800guide"]) {
      const res = await fetch(`${node().url}/api/trpc/catalog.bySlug?input=${encodeURIComponent(JSON.stringify({ json: { slug } }))}`);
      expect(res.status, JSON.stringify(slug)).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/problem\+json/);
    }
    const raw = await fetch(`${node().url}/api/trpc/catalog.bySlug?input=%7B%22json%22%3A%7B%22slug%22%3A%22a%00b%22%7D%7D`);
    expect(raw.status).toBe(400);
    const token = await customerSession(freshAddress());
    for (const path of [
      "/api/v1/operations/%00",
      `/api/v1/operations/${newKey()}?type=%00`,
      "/api/v1/operations/%ED%A0%80",
      "/api/v1/%E0%A4%A",
      "/api/trpc/catalog.bySlug%ED%A0%80",
    ]) {
      const res = await fetch(`${node().url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("content-type"), path).toMatch(/problem\+json/);
    }
  });

  it("keeps the staff session on the first dashboard visit of a browser without a customer cookie", async () => {
    const staff = (await staffCookie(accounts.admin))
      .split("; ")
      .filter((c) => c.startsWith("staff."))
      .join("; ");
    const page = await fetch(`${node().url}/dashboard/leads`, { headers: { cookie: staff }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(page.headers.get("location")).toBeNull();
    expect(page.headers.getSetCookie().some((c) => c.startsWith("once_session="))).toBe(true);
    expect(await page.text()).not.toMatch(/autocomplete="current-password"/);
  });
});
