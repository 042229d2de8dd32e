// Abandoned claims on real PostgreSQL: a record committed "in progress" (what a claim sent with
// a BEGIN that failed leaves, packages/db/src/pipelined-client.ts) that no retry takes over is
// forgotten by the nodes' sweep once older than ABANDONED_CLAIM_MINUTES; a younger one is kept
// for the client's own retry, and a claim a live transaction holds is never touched. The key
// then answers as docs/API.md says: unknown to the status look-up, and a new request with it runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintOperationKey } from "@once/idempotency";
import { ABANDONED_CLAIM_MINUTES, DEFAULT_TOMBSTONE_DAYS, runOnce } from "@once/idempotency/server";
import type { PrismaClient } from "@once/db";
import { recordStore, sweepOperationRecords } from "./record-store.ts";
import { findOperation } from "./find-operation.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

const leadInput = { name: "Li", phone: "13900000000", content: "hello", email: null, company: null };

/** A record committed "in progress", claimed `minutesAgo` minutes ago. */
const leaveInProgress = (principal: string, key: string, minutesAgo: number) =>
  prisma.$executeRawUnsafe(
    `insert into idempotency_record (principal, operation, key, fingerprint, outcome, expires_at, created_at)
     values ($1, $2, $3, 'v1:abandoned', 'in_progress', now() + interval '30 days', now() - make_interval(mins => $4))`,
    principal,
    submitLeadOperation.type,
    key,
    minutesAgo,
  );

const outcomeOf = async (principal: string, key: string) =>
  (await prisma.idempotencyRecord.findFirst({ where: { principal, key }, select: { outcome: true } }))?.outcome ?? null;

describe("abandoned claims", () => {
  it("are forgotten by the sweep after ABANDONED_CLAIM_MINUTES, and their key then runs as new", async () => {
    const { principal, customerId } = newCustomer();
    const [old, young, live] = [mintOperationKey(), mintOperationKey(), mintOperationKey()];
    await leaveInProgress(principal, old, ABANDONED_CLAIM_MINUTES + 1);
    await leaveInProgress(principal, young, ABANDONED_CLAIM_MINUTES - 1);

    // A claim held by a transaction that has not ended, made (as far as its row says) long ago.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const holder = prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(
        `insert into idempotency_record (principal, operation, key, fingerprint, outcome, expires_at, created_at)
         values ($1, $2, $3, 'v1:live', 'in_progress', now() + interval '30 days', now() - interval '1 day')`,
        principal,
        submitLeadOperation.type,
        live,
      );
      inserted();
      await released;
      throw new Error("rolled back on purpose"); // the live claim's request failed: nothing kept
    });
    await insertedOnce;

    const swept = await sweepOperationRecords(prisma, { tombstoneDays: DEFAULT_TOMBSTONE_DAYS });
    release();
    await expect(holder).rejects.toThrow("rolled back on purpose");

    expect(swept.abandoned).toBeGreaterThanOrEqual(1);
    expect(await outcomeOf(principal, old)).toBeNull();
    expect(await outcomeOf(principal, young)).toBe("in_progress");
    // Not seen by the sweep at all: had it been, its delete would have waited for the row (or
    // skipped it); the transaction then rolled the row back itself.
    expect(await outcomeOf(principal, live)).toBeNull();

    // The forgotten key: unknown to the status look-up (as it was while abandoned), and a request
    // with it runs once, as a new operation.
    expect(await findOperation(prisma, principal, old)).toBeNull();
    const leadsBefore = await prisma.lead.count({ where: { customerId } });
    const first = await runOnce(recordStore(prisma), submitLeadOperation, { principal, key: old, input: leadInput });
    expect(first).toMatchObject({ replayed: false, status: 201 });
    expect(await prisma.lead.count({ where: { customerId } })).toBe(leadsBefore + 1);
    expect(await runOnce(recordStore(prisma), submitLeadOperation, { principal, key: old, input: leadInput })).toMatchObject({ replayed: true });

    // The young one is still there for its client's retry, which takes it over (postgres-store.ts).
    const retried = await runOnce(recordStore(prisma), submitLeadOperation, { principal, key: young, input: leadInput });
    expect(retried).toMatchObject({ replayed: false, status: 201 });
    expect(await outcomeOf(principal, young)).toBe("completed");
  });
});
