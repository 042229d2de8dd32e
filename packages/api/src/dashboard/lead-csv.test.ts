import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../operation/record-store.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";
import { csvCell, streamLeadsCsv } from "./lead-csv.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

describe("streamLeadsCsv", () => {
  it("streams every lead matching the filter, in batches, with a header", async () => {
    const { principal } = newCustomer();
    const marker = `csvmarker${Date.now()}`;
    for (let i = 0; i < 3; i++) {
      await runOnce(recordStore(prisma), submitLeadOperation, {
        principal,
        key: mintOperationKey(),
        input: { name: `=cmd ${i}`, phone: "13500000000", content: `${marker} "quoted", line`, email: null, company: null },
      });
    }
    const text = await new Response(streamLeadsCsv(prisma, { search: marker })).text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("number,received_at,status,name,phone,email,company,possible_duplicate,assignee,content");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^LD-\d{6},[^,]+,new,'=cmd 2,13500000000,,,(true|false),,"csvmarker\d+ ""quoted"", line"$/);
  });
});

describe("csvCell", () => {
  it("quotes per RFC 4180 and defuses spreadsheet formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("+86 138")).toBe("'+86 138");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell(null)).toBe("");
    expect(csvCell(new Date("2026-01-02T03:04:05.000Z"))).toBe("2026-01-02T03:04:05.000Z");
    expect(csvCell("王小明")).toBe("王小明");
  });
});
