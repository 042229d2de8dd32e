import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { flushOperationStats, recordOperationEvent } from "../records/operation-stats.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";
import { getOpsSummary } from "./ops-summary.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

describe("operator view", () => {
  it("counts executions, replays and conflicts per hour", async () => {
    const before = (await getOpsSummary(prisma)).totals;
    const { principal } = newCustomer();
    const key = mintOperationKey();
    const lead = { name: "Ops", phone: "13400000000", content: "hello", email: null, company: null };
    const options = { observe: recordOperationEvent };
    await runOnce(recordStore(prisma), submitLeadOperation, { principal, key, input: lead }, options);
    await runOnce(recordStore(prisma), submitLeadOperation, { principal, key, input: lead }, options);
    await runOnce(recordStore(prisma), submitLeadOperation, { principal, key, input: lead }, options);
    await expect(runOnce(recordStore(prisma), submitLeadOperation, { principal, key, input: { ...lead, content: "other" } }, options)).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
    });
    expect(await flushOperationStats(prisma)).toBeGreaterThan(0);
    const now = new Date();
    const after = await getOpsSummary(prisma, now);
    const delta = (kind: string) => (after.totals[kind] ?? 0) - (before[kind] ?? 0);
    expect([delta("executed"), delta("replayed"), delta("conflict")]).toEqual([1, 2, 1]);
    // Every hour of the last 24, the current one last, so the chart's axis reads evenly.
    expect(after.perHour).toHaveLength(24);
    expect(after.perHour.at(-1)!.hour.getTime()).toBe(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    expect(after.perHour[1]!.hour.getTime() - after.perHour[0]!.hour.getTime()).toBe(3_600_000);
    expect(after.perHour.at(-1)).toMatchObject({ submissions: expect.any(Number), replays: expect.any(Number) });
    expect(after.perHour.at(-1)!.submissions).toBeGreaterThanOrEqual(1);
    const record = await prisma.idempotencyRecord.findFirstOrThrow({
      where: { principal, key },
      select: { replayCount: true, conflictCount: true, inProgressCount: true },
    });
    expect(record).toEqual({ replayCount: 2, conflictCount: 1, inProgressCount: 0 });
  });

  it("keeps the counts of a flush that failed (database away) for the next flush", async () => {
    const before = (await getOpsSummary(prisma)).totals;
    const { principal } = newCustomer();
    const key = mintOperationKey();
    const lead = { name: "Ops", phone: "13400000001", content: "hello again", email: null, company: null };
    const options = { observe: recordOperationEvent };
    for (let i = 0; i < 3; i++) await runOnce(recordStore(prisma), submitLeadOperation, { principal, key, input: lead }, options);
    // Every write of the flush fails, as when the database restarts between two flushes.
    const away = new Proxy(prisma, {
      get(target, property) {
        if (property === "$executeRawUnsafe") return () => Promise.reject(new Error("connection terminated"));
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    await expect(flushOperationStats(away)).rejects.toThrow("connection terminated");
    expect(await flushOperationStats(prisma)).toBeGreaterThan(0);
    const after = (await getOpsSummary(prisma)).totals;
    expect([(after.executed ?? 0) - (before.executed ?? 0), (after.replayed ?? 0) - (before.replayed ?? 0)]).toEqual([1, 2]);
    const record = await prisma.idempotencyRecord.findFirstOrThrow({ where: { principal, key }, select: { replayCount: true } });
    expect(record.replayCount).toBe(2);
  });
});
