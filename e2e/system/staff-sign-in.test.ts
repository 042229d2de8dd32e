// Staff sign-in over HTTP: wrong credentials say nothing about the account, attempts are
// rate-limited, and the dashboard API refuses anyone who is not staff.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@once/db";
import { upsertStaffAccount } from "@once/auth";
import { newKey, newSession, post, startCluster, type Cluster } from "./cluster-fixture.ts";
import { waitUntil } from "./wait-until.ts";

let cluster: Cluster;
const staff = { email: "carol@staff.test", password: "carol-password-123", name: "Carol", role: "sales" as const };
beforeAll(async () => {
  // The nodes believe X-Forwarded-For from this machine, as behind nginx: each test signs in
  // from addresses of its own, so the sign-in budget (shared by both nodes) is the test's own.
  cluster = await startCluster({ label: "signin", basePort: 3250, nodes: 2, env: { TRUSTED_PROXIES: "loopback" } });
  const prisma = createPrismaClient(cluster.database.url, { poolSize: 1 });
  await upsertStaffAccount(prisma, staff);
  await prisma.$disconnect();
});
afterAll(() => cluster?.stop());

const node = () => cluster.nodes[0]!;
let lastAddress = 0;
const freshAddress = () => `198.51.100.${++lastAddress}`;
const signInAt = (url: string, email: string, password: string, address = freshAddress()) =>
  fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, "x-forwarded-for": address },
    body: JSON.stringify({ email, password }),
  });
const signIn = (email: string, password: string) => signInAt(node().url, email, password);

describe("staff sign-in", () => {
  it("signs in, reaches the dashboard API, and signs out", async () => {
    const res = await signIn(staff.email, staff.password);
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await fetch(`${node().url}/api/trpc/dashboard.me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(staff.email);
    const out = await fetch(`${node().url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: node().url, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    expect((await fetch(`${node().url}/api/trpc/dashboard.me`, { headers: { cookie } })).status).toBe(401);
  });

  it("refuses the dashboard API with 401 without a session and 403 with a customer session", async () => {
    expect((await fetch(`${node().url}/api/trpc/dashboard.leads.list?input=%7B%7D`)).status).toBe(401);
    const token = await newSession(node());
    const asCustomer = await fetch(`${node().url}/api/trpc/dashboard.leads.list?input=%7B%7D`, { headers: { cookie: `once_session=${token}` } });
    expect(asCustomer.status).toBe(403);
    expect((await fetch(`${node().url}/api/dashboard/leads.csv`, { headers: { cookie: `once_session=${token}` } })).status).toBe(403);
  });

  it("answers a wrong password and an unknown account alike, then rate-limits", async () => {
    const wrong = await signIn(staff.email, "not-the-password");
    const unknown = await signIn("nobody@staff.test", "not-the-password");
    expect(wrong.status).toBe(unknown.status);
    expect(((await wrong.json()) as { message?: string }).message).toBe(((await unknown.json()) as { message?: string }).message);
    const statuses: number[] = [];
    const address = freshAddress();
    for (let i = 0; i < 6; i++) statuses.push((await signInAt(node().url, "nobody@staff.test", "still-wrong", address)).status);
    expect(statuses).toContain(429);
  });
});

describe("expired staff session", () => {
  it("is refused with 401 and sent back to sign-in", async () => {
    const second = cluster.nodes[1]!;
    const res = await signInAt(second.url, staff.email, staff.password);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await fetch(`${second.url}/api/trpc/dashboard.me`, { headers: { cookie } })).status).toBe(200);
    await cluster.sql.query(`update staff_session set expires_at = now() - interval '1 second'`);
    expect((await fetch(`${second.url}/api/trpc/dashboard.me`, { headers: { cookie } })).status).toBe(401);
    const page = await fetch(`${second.url}/dashboard/leads`, { headers: { cookie }, redirect: "manual" });
    expect(page.headers.get("location") ?? "").toMatch(/\/dashboard\/sign-in$/);
  });
});

describe("live dashboard", () => {
  it("pushes a lead committed on node 1 to a dashboard connected to node 2, over SSE", async () => {
    const dashboardNode = cluster.nodes[1]!;
    const res = await signInAt(dashboardNode.url, staff.email, staff.password);
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const controller = new AbortController();
    const stream = await fetch(`${dashboardNode.url}/api/trpc/dashboard.leads.onCreated`, {
      headers: { cookie, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    let text = "";
    const received = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += new TextDecoder().decode(value);
        if (/"id":"[0-9a-f-]{36}"/.test(text)) return text;
      }
    })();
    // The first event ({live}) comes once the subscription listens.
    await waitUntil("the stream's first event", () => text.includes('"live"'));
    const token = await newSession(cluster.nodes[0]!);
    const started = Date.now();
    const lead = await post(cluster.nodes[0]!, "/api/v1/leads", { token, key: newKey(), body: { name: "Live", phone: "13300000000", content: "hello" } });
    expect(lead.status).toBe(201);
    const event = await Promise.race([received, new Promise<string>((_, reject) => setTimeout(() => reject(new Error("no event within 2 s")), 2_000))]);
    expect(event).toContain(String(lead.body.id));
    expect(Date.now() - started).toBeLessThan(2_000);
    controller.abort();
  });
});
