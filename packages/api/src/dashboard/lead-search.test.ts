// Staff search matches what was typed: % and _ (and the escape character \) are literal,
// not LIKE wildcards. Checked through the list and the CSV export, which share leadWhere.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";
import { TEST_EXPORT_WORDS as words } from "../testing/export-words.ts";
import { streamLeadsCsv } from "./lead-csv.ts";

let prisma: PrismaClient;
// Every name starts with this run's marker, so other tests' leads never match.
const marker = `srch${randomBytes(4).toString("hex")}`;
const names = ["50% off", "500 off", "a_b", "axb", "c\\d", "cd", "100%_\\", "100x_y"].map((n) => `${marker} ${n}`);

beforeAll(async () => {
  prisma = testPrisma();
  for (const name of names) {
    const { principal } = newCustomer();
    await runOnce(recordStore(prisma), submitLeadOperation, {
      principal,
      key: mintOperationKey(),
      input: { name, phone: "13900000000", content: "search test", email: null, company: null },
    });
  }
  // Content is searched too.
  const { principal } = newCustomer();
  await runOnce(recordStore(prisma), submitLeadOperation, {
    principal,
    key: mintOperationKey(),
    input: { name: "Content", phone: "13900000000", content: `${marker} price 75% now`, email: null, company: null },
  });
});
afterAll(() => prisma.$disconnect());

const staff = () =>
  createCaller(createContextInner({ prisma, customerId: null, staff: { id: "search-staff", role: "sales", name: "Test", email: "t@example.com" } }));
const found = async (search: string) => (await staff().dashboard.leads.list({ search, limit: 100 })).items.map((l) => l.name).sort();

describe("lead search", () => {
  it("matches % literally", async () => {
    expect(await found(`${marker} 50%`)).toEqual([`${marker} 50% off`]);
  });

  it("matches _ literally", async () => {
    expect(await found(`${marker} a_b`)).toEqual([`${marker} a_b`]);
  });

  it("matches the escape character \\ literally", async () => {
    expect(await found(`${marker} c\\d`)).toEqual([`${marker} c\\d`]);
  });

  it("matches a mix of all three literally", async () => {
    expect(await found(`${marker} 100%_\\`)).toEqual([`${marker} 100%_\\`]);
  });

  it("still matches substrings, case-insensitively, and in the content", async () => {
    expect(await found(marker.toUpperCase())).toEqual([...names, "Content"].sort());
    expect(await found("75% NOW")).toEqual(["Content"]);
  });

  it("applies the same literal matching to the CSV export", async () => {
    const csv = await new Response(streamLeadsCsv({ primary: prisma }, { search: `${marker} a_b` }, words, "UTC")).text();
    const rows = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`${marker} a_b`);
  });
});
