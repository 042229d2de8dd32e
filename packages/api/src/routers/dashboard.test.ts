// Every dashboard procedure is staff-only: enumerated from the router itself, so a new one
// cannot forget its guard. Plus the lead workflow's optimistic concurrency.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { appRouter, createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

const dashboardPaths = Object.keys(appRouter._def.procedures).filter((p) => p.startsWith("dashboard."));

async function call(caller: ReturnType<typeof createCaller>, path: string, input: unknown) {
  let target: unknown = caller;
  for (const part of path.split(".")) target = (target as Record<string, unknown>)[part];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof TRPCError ? error.code : error;
}

function staffCaller(staff: { id: string; role: "sales" | "admin" }) {
  return createCaller(createContextInner({ prisma, customerId: null, staff: { ...staff, name: "Test", email: "t@example.com" } }));
}

describe("dashboard access", () => {
  it("has procedures to check", () => {
    expect(dashboardPaths.length).toBeGreaterThanOrEqual(7);
  });

  it.each(dashboardPaths)("%s answers 401 without a session and 403 with a customer session", async (path) => {
    const anonymous = createCaller(createContextInner({ prisma, customerId: null }));
    expect(await codeOf(call(anonymous, path, {}))).toBe("UNAUTHORIZED");
    const customer = createCaller(createContextInner({ prisma, customerId: newCustomer().customerId }));
    expect(await codeOf(call(customer, path, {}))).toBe("FORBIDDEN");
  });

  it("lets only admins requeue dead letters", async () => {
    const sales = staffCaller({ id: randomUUID(), role: "sales" });
    expect(await codeOf(sales.dashboard.deliveries.requeue({ id: randomUUID() }))).toBe("FORBIDDEN");
  });
});

describe("lead workflow", () => {
  async function newLead() {
    const { principal } = newCustomer();
    const result = await runOnce(recordStore(prisma), submitLeadOperation, {
      principal,
      key: mintOperationKey(),
      input: { name: "Workflow", phone: "13600000000", content: "hi", email: null, company: null },
    });
    return result.resultId!;
  }
  const staffId = randomUUID();
  beforeAll(async () => {
    await prisma.user.create({ data: { id: staffId, name: "Staff A", email: `${staffId}@example.com`, role: "sales" } });
  });

  it("never lets a second editor silently overwrite the first", async () => {
    const id = await newLead();
    const alice = staffCaller({ id: staffId, role: "sales" });
    const bob = staffCaller({ id: randomUUID(), role: "sales" });
    const seen = await alice.dashboard.leads.get({ id });
    expect(seen.version).toBe(1);
    const updated = await alice.dashboard.leads.update({ id, version: seen.version, status: "contacted", assigneeId: staffId });
    expect(updated).toMatchObject({ status: "contacted", version: 2, assigneeId: staffId });
    const conflict = await bob.dashboard.leads.update({ id, version: seen.version, status: "lost" }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(TRPCError);
    expect((conflict as TRPCError).code).toBe("CONFLICT");
    expect((conflict as TRPCError).message).toMatch(/changed by someone else.*version 2/);
    expect((await alice.dashboard.leads.get({ id })).status).toBe("contacted");
  });

  it("asks a reason for a status moving backwards, accepts any search and rejects malformed filters clearly", async () => {
    const id = await newLead();
    const alice = staffCaller({ id: staffId, role: "sales" });
    expect(await alice.dashboard.leads.update({ id, version: 1, status: "won" })).toMatchObject({ status: "won", version: 2 });
    expect(await codeOf(alice.dashboard.leads.update({ id, version: 2, status: "contacted" }))).toBe("BAD_REQUEST");
    expect(await alice.dashboard.leads.update({ id, version: 2, status: "contacted", reason: "Customer called back" })).toMatchObject({ status: "contacted" });
    expect((await alice.dashboard.leads.get({ id })).activities.map((a) => [a.fromStatus, a.toStatus, a.reason])).toEqual([
      ["new", "won", null],
      ["won", "contacted", "Customer called back"],
    ]);
    // Any length and script; what no one types (control characters, line breaks, lone
    // surrogates) is refused like every staff text (unsafe-text.test.ts).
    for (const search of ["x", "", " ", "王", "%", "😀", "x".repeat(5000)])
      expect(Array.isArray((await alice.dashboard.leads.list({ search })).items)).toBe(true);
    expect(await codeOf(alice.dashboard.leads.list({ from: new Date("2026-02-01"), to: new Date("2026-01-01") }))).toBe("BAD_REQUEST");
    expect(await codeOf(alice.dashboard.leads.list({ status: "nonsense" as "new" }))).toBe("BAD_REQUEST");
    const note = await alice.dashboard.leads.addNote({ id, body: "Called, no answer" });
    expect((await alice.dashboard.leads.get({ id })).notes.map((n) => n.id)).toEqual([note.id]);
  });

  it("pages through leads with a keyset cursor, newest first, without gaps or repeats", async () => {
    for (let i = 0; i < 5; i++) await newLead();
    const alice = staffCaller({ id: staffId, role: "sales" });
    const seen: string[] = [];
    let cursor: { value: string | null; createdAt: Date; id: string } | undefined;
    for (let page = 0; page < 50; page++) {
      const result = await alice.dashboard.leads.list({ limit: 2, cursor, search: "Workflow" });
      seen.push(...result.items.map((l) => l.id));
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    const all = await prisma.lead.findMany({ where: { name: "Workflow" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    expect(seen).toEqual(all.map((l) => l.id));
  });
});
