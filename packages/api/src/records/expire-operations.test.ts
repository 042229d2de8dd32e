// Retention: records past expires_at become tombstones in small batches; the key then answers
// "expired" and never runs again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "./record-store.ts";
import type { PrismaClient } from "@once/db";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

describe("retention", () => {
  it("turns expired records into tombstones in batches and leaves current ones alone", async () => {
    const { principal } = newCustomer();
    const lead = { name: "Li", phone: "13900000000", content: "hello", email: null, company: null };
    const keys = Array.from({ length: 7 }, () => mintOperationKey());
    for (const key of keys) await runOnce(recordStore(prisma), submitLeadOperation, { principal, key, input: lead });
    await prisma.idempotencyRecord.updateMany({ where: { principal, key: { in: keys.slice(0, 5) } }, data: { expiresAt: new Date(Date.now() - 60_000) } });

    const expired = await recordStore(prisma).expire({ batchSize: 2 });
    expect(expired).toBeGreaterThanOrEqual(5);
    const rows = await prisma.idempotencyRecord.findMany({ where: { principal }, select: { key: true, outcome: true, responseBody: true } });
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const key of keys.slice(0, 5)) expect(byKey.get(key)).toEqual({ key, outcome: "expired", responseBody: null });
    for (const key of keys.slice(5)) expect(byKey.get(key)?.outcome).toBe("completed");

    const leadsBefore = await prisma.lead.count({ where: { customerId: principal.split(":")[1] } });
    await expect(runOnce(recordStore(prisma), submitLeadOperation, { principal, key: keys[0]!, input: lead })).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_EXPIRED",
    });
    expect(await prisma.lead.count({ where: { customerId: principal.split(":")[1] } })).toBe(leadsBefore);
  });
});
