// Staff sign-in over HTTP: wrong credentials say nothing about the account, attempts are
// rate-limited, and the dashboard API refuses anyone who is not staff.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@once/db";
import { upsertStaffAccount } from "@once/auth";
import { newSession, startCluster, type Cluster } from "./cluster-fixture.ts";

let cluster: Cluster;
const staff = { email: "carol@staff.test", password: "carol-password-123", name: "Carol", role: "sales" as const };
beforeAll(async () => {
  cluster = await startCluster({ label: "signin", basePort: 3250, nodes: 1 });
  const prisma = createPrismaClient(cluster.database.url, { poolSize: 1 });
  await upsertStaffAccount(prisma, staff);
  await prisma.$disconnect();
});
afterAll(() => cluster?.stop());

const node = () => cluster.nodes[0]!;
const signIn = (email: string, password: string) =>
  fetch(`${node().url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: node().url },
    body: JSON.stringify({ email, password }),
  });

describe("staff sign-in", () => {
  it("signs in, reaches the dashboard API, and signs out", async () => {
    const res = await signIn(staff.email, staff.password);
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const me = await fetch(`${node().url}/api/trpc/dashboard.me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(staff.email);
    const out = await fetch(`${node().url}/api/auth/sign-out`, { method: "POST", headers: { cookie, origin: node().url, "content-type": "application/json" }, body: "{}" });
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
    for (let i = 0; i < 6; i++) statuses.push((await signIn(staff.email, "still-wrong")).status);
    expect(statuses).toContain(429);
  });
});
