// runOnce on the PostgreSQL store, for what the shared store suite does not ask: the retention
// it writes, what it tells `observe`, the caller's own look-up (`found`), a business function
// that throws, and replays of a stored rejection. The business write is a row in a table of
// the test's own, in the claim's transaction.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type {} from "@once/db/testing/global-setup";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { createPostgresStore } from "../postgres/postgres-store.ts";
import { MIN_RETENTION_DAYS } from "./retention.ts";
import { defaultConfig, runOnce, type IdempotentOperation, type ObservedEvent } from "./run-once.ts";

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

const prisma: PrismaClient = createPrismaClient(inject("databaseUrl"), { poolSize: 5 });
const store = createPostgresStore(prisma);
beforeAll(() =>
  prisma.$executeRawUnsafe(`create table if not exists run_once_row (id uuid primary key default gen_random_uuid(), principal text not null, n int not null)`),
);
afterAll(() => prisma.$disconnect());

const DAY_MS = 86_400_000;
const rows = async (principal: string) =>
  (await prisma.$queryRawUnsafe<{ n: number }[]>(`select count(*)::int as n from run_once_row where principal = $1`, principal))[0]!.n;

/** Writes a row; refuses n > 9 as a business rule (422), and throws for n = 13 (a crash). */
const operation: IdempotentOperation<{ n: number }, { id: string } | { code: string }, Tx> = {
  type: "thing",
  fingerprint: { fields: ["n"] },
  async execute(tx, input, { principal }) {
    if (input.n === 13) throw new Error("the business function crashed");
    if (input.n > 9) return { outcome: "rejected", status: 422, body: { code: "TOO_MANY" } };
    const [row] = await tx.$queryRawUnsafe<{ id: string }[]>(`insert into run_once_row (principal, n) values ($1, $2) returning id::text`, principal, input.n);
    return { outcome: "completed", status: 201, body: { id: row!.id }, resultId: row!.id };
  },
};

function observer() {
  const events: ObservedEvent["kind"][] = [];
  return { events, observe: (event: ObservedEvent) => events.push(event.kind) };
}

describe("runOnce", () => {
  it("runs once, keeps the outcome for the retention period, and replays it byte for byte", async () => {
    const principal = randomUUID();
    const now = new Date("2026-06-01T00:00:00.000Z");
    const { events, observe } = observer();
    const first = await runOnce(store, operation, { principal, key: "key-run-01", input: { n: 1 } }, { now: () => now, observe });
    const again = await runOnce(store, operation, { principal, key: "key-run-01", input: { n: 1 } }, { now: () => now, observe });

    expect(first).toMatchObject({ status: 201, outcome: "completed", replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await rows(principal)).toBe(1);
    expect(events).toEqual(["executed", "replayed"]);
    expect(defaultConfig.retentionDays).toBe(MIN_RETENTION_DAYS);
    const record = await store.find({ principal, operation: "thing" }, "key-run-01");
    expect(record!.expiresAt.getTime() - now.getTime()).toBe(MIN_RETENTION_DAYS * DAY_MS);
  });

  it("refuses the key with other parameters (422, bound to the first outcome) and past its retention (410)", async () => {
    const principal = randomUUID();
    const { events, observe } = observer();
    const first = await runOnce(store, operation, { principal, key: "key-run-02", input: { n: 2 } }, { observe });
    await expect(runOnce(store, operation, { principal, key: "key-run-02", input: { n: 3 } }, { observe })).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      status: 422,
      details: { boundTo: { status: 201, resultId: first.resultId, outcome: "completed" } },
    });
    const later = new Date(Date.now() + (MIN_RETENTION_DAYS + 1) * DAY_MS);
    await expect(runOnce(store, operation, { principal, key: "key-run-02", input: { n: 2 } }, { observe, now: () => later })).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_EXPIRED",
      status: 410,
    });
    expect(await rows(principal)).toBe(1);
    expect(events).toEqual(["executed", "conflict", "expired"]);
  });

  it("stores a business rejection as the outcome and replays it as a rejection", async () => {
    const principal = randomUUID();
    const { events, observe } = observer();
    const first = await runOnce(store, operation, { principal, key: "key-run-03", input: { n: 10 } }, { observe });
    const again = await runOnce(store, operation, { principal, key: "key-run-03", input: { n: 10 } }, { observe });
    expect(first).toMatchObject({ status: 422, outcome: "rejected", resultId: null, replayed: false, body: { code: "TOO_MANY" } });
    expect(again).toMatchObject({ status: 422, outcome: "rejected", replayed: true, bodyJson: first.bodyJson });
    expect(events).toEqual(["rejected", "replayed"]);
  });

  it("stores nothing when the business function throws, so the retry runs", async () => {
    const principal = randomUUID();
    const { events, observe } = observer();
    await expect(runOnce(store, operation, { principal, key: "key-run-04", input: { n: 13 } }, { observe })).rejects.toThrow("the business function crashed");
    expect(await store.find({ principal, operation: "thing" }, "key-run-04")).toBeNull();
    // The same key with other parameters is a new first attempt: nothing was bound to it.
    expect(await runOnce(store, operation, { principal, key: "key-run-04", input: { n: 4 } }, { observe })).toMatchObject({ replayed: false });
    expect(await rows(principal)).toBe(1);
    expect(events).toEqual(["executed"]);
  });

  it("answers from the caller's own look-up, and settles a stale 'not found' at the claim", async () => {
    const principal = randomUUID();
    const first = await runOnce(store, operation, { principal, key: "key-run-05", input: { n: 5 } });
    const found = await store.find({ principal, operation: "thing" }, "key-run-05");
    expect(await runOnce(store, operation, { principal, key: "key-run-05", input: { n: 5 }, found })).toEqual({ ...first, replayed: true });
    // Looked up before the first committed: the claim finds the committed record and replays it.
    expect(await runOnce(store, operation, { principal, key: "key-run-05", input: { n: 5 }, found: null })).toEqual({ ...first, replayed: true });
    // A record of another key is not this request's: the claim decides.
    expect(await runOnce(store, operation, { principal, key: "key-run-06", input: { n: 6 }, found })).toMatchObject({ replayed: false });
    expect(await rows(principal)).toBe(2);
  });
});
