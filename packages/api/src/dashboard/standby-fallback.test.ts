// Every dashboard read that may use the standby (the lead list and its counts, the order list,
// the lead and order exports) answers from the primary when the standby cannot answer, raw SQL
// included (the lead search): one function decides, @once/db's readPreferringStandby.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { callerFor, createGuide, newCustomer, testPrisma } from "../testing/fixtures.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { TEST_EXPORT_WORDS as words } from "../testing/export-words.ts";
import { streamLeadsCsv } from "./lead-csv.ts";
import { streamOrdersCsv } from "./order-export.ts";

let prisma: PrismaClient;
/** A standby that is down: nothing listens on its port. */
let standby: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
  standby = createPrismaClient("postgresql://postgres@127.0.0.1:1/postgres", { poolSize: 1 });
});
afterAll(() => Promise.all([prisma.$disconnect(), standby.$disconnect()]));

describe("the standby down", () => {
  it("the lists, the counts and the exports answer from the primary", async () => {
    const marker = `standbydown${Date.now()}`;
    const lead = await submitLeadOperation.execute(
      prisma,
      { name: `Standby ${marker}`, phone: "13500000001", content: "price list", email: null, company: null },
      { principal: newCustomer().principal, key: mintOperationKey() },
    );
    expect(lead.outcome).toBe("completed");
    const guide = await createGuide(prisma);
    await callerFor(prisma, newCustomer().customerId).order.create({
      idempotencyKey: mintOperationKey(),
      item: guide,
      quantity: 1,
      contact: { name: "Standby Su", phone: "13500000002", address: "Shanghai" },
    });
    const staff = createCaller(
      createContextInner({ prisma, readReplica: standby, customerId: null, staff: { id: randomUUID(), role: "sales", name: "S", email: "s@example.com" } }),
    );

    expect((await staff.dashboard.leads.list({ search: marker })).items.map((l) => l.name)).toEqual([`Standby ${marker}`]);
    expect((await staff.dashboard.leads.counts({ search: marker })).new.count).toBe(1);
    expect((await staff.dashboard.orders.list({ guide })).items).toHaveLength(1);
    const leadsCsv = await new Response(streamLeadsCsv({ primary: prisma, standby }, { search: marker }, words, "UTC")).text();
    expect(leadsCsv.trimEnd().split("\r\n")).toHaveLength(2);
    const ordersCsv = await new Response(streamOrdersCsv({ primary: prisma, standby }, { guide }, words, "UTC")).text();
    expect(ordersCsv).toContain("Standby Su");
  });
});
