// The lead and order exports on the real database: CSV (BOM, RFC 4180, formula safety, phones
// plain, times in the staff zone, headers and statuses in the words given) and XLSX read back
// with exceljs (cell types: phones text, times real dates on the staff member's clock, notes
// included).
import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { TEST_EXPORT_WORDS as words } from "../testing/export-words.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { callerFor, createGuide, newCustomer, testPrisma } from "../testing/fixtures.ts";
import { csvCell, leadBatches, streamLeadsCsv, streamLeadsXlsx } from "./lead-csv.ts";
import { streamOrdersXlsx } from "./order-export.ts";
import { wallClock } from "./export/wall-clock.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

async function newLeads(marker: string, count: number) {
  const { principal } = newCustomer();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const result = await runOnce(recordStore(prisma), submitLeadOperation, {
      principal,
      key: mintOperationKey(),
      input: { name: `=cmd ${i}`, phone: "013500000000", content: `${marker} "quoted", line`, email: null, company: null },
    });
    ids.push(result.resultId!);
  }
  return ids;
}

async function readXlsx(stream: ReadableStream<Uint8Array>) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(stream).arrayBuffer());
  return workbook.worksheets[0]!;
}

describe("lead CSV", () => {
  it("streams every lead matching the filter with a BOM, formula safety, plain phones, times in the staff zone and the reader's words", async () => {
    const marker = `csvmarker${Date.now()}`;
    await newLeads(marker, 3);
    const bytes = new Uint8Array(await new Response(streamLeadsCsv({ primary: prisma }, { search: marker }, words, "America/New_York")).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Number,Received (America/New_York),Status,Name,Phone,E-mail,Company,Possible duplicate,Owner,Message,Notes");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^LD-\d{6},\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,New,'=cmd 2,013500000000,,,(Yes|No),[^,"]*,"csvmarker\d+ ""quoted"", line",$/);
    const created = (await prisma.lead.findFirstOrThrow({ where: { content: { startsWith: marker } }, orderBy: { createdAt: "desc" } })).createdAt;
    expect(lines[1]).toContain(wallClock(created, "America/New_York").toISOString().slice(0, 19).replace("T", " "));
  });
});

describe("lead export batches", () => {
  it("continue from the cursor the list's query made: a lead whose status changes while its batch is read is exported once, and so is every lead after it", async () => {
    // Three leads of one status in a day of their own, newest first within the status.
    const day = new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 3650) * 86_400_000);
    const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await prisma.lead.createMany({
      data: ids.map((id, i) => ({
        id,
        customerId: `batch-${id}`,
        operationKey: id,
        name: `Batch ${i}`,
        phone: "13500000000",
        content: "keyset",
        status: "contacted" as const,
        createdAt: at(10 - i),
      })),
    });
    // Someone moves the first batch's last lead back to "new" between the query that chose the
    // batch and the read of its rows (the first read of rows by id).
    let moved = false;
    const meanwhile = prisma.$extends({
      query: {
        lead: {
          async findMany({ args, query }) {
            const chosen = (args.where?.id as { in?: string[] } | undefined)?.in;
            if (!moved && chosen?.length) {
              moved = true;
              await prisma.lead.update({ where: { id: chosen.at(-1)! }, data: { status: "new" } });
            }
            return query(args);
          },
        },
      },
    }) as unknown as PrismaClient;
    const exported: string[] = [];
    for await (const rows of leadBatches({ primary: meanwhile }, { from: day, to: at(60), sort: "status", dir: "asc" }, 2))
      exported.push(...rows.map((r) => r.id));
    expect(moved).toBe(true);
    expect(exported).toEqual(ids);
  });
});

describe("csvCell", () => {
  it("quotes per RFC 4180 and defuses spreadsheet formulas, phones included", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    // Every lead character a spreadsheet honours, fullwidth and small forms, and behind spaces.
    for (const lead of ["=", "+", "-", "@", ";", "|", "\t", "\r", "\u2212", "＝", "＋", "－", "＠", "；", "﹢", "﹣", "﹦", "﹫", " =", "\u3000=", "\u0001="])
      expect(csvCell(`${lead}1+1`), JSON.stringify(lead)).toMatch(/^"?'/);
    expect(csvCell("Li Lei")).toBe("Li Lei");
    expect(csvCell("+86 138")).toBe("'+86 138");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell(null)).toBe("");
    expect(csvCell(new Date("2026-01-02T03:04:05.000Z"), "Asia/Shanghai")).toBe("2026-01-02 11:04:05");
    expect(csvCell("王小明")).toBe("王小明");
    expect(csvCell("013500000000")).toBe("013500000000");
    expect(csvCell("(010) 6552-1234")).toBe("(010) 6552-1234");
    expect(csvCell("+86 138 0013 8000")).toBe("'+86 138 0013 8000");
  });
});

describe("XLSX exports", () => {
  it("writes leads with typed cells: phone text, received a real date on the staff clock, notes included", async () => {
    const marker = `xlsxmarker${Date.now()}`;
    const [id] = await newLeads(marker, 1);
    const authorId = randomUUID();
    await prisma.user.create({ data: { id: authorId, name: "Note Nora", email: `${authorId}@example.com` } });
    await prisma.leadNote.create({ data: { leadId: id!, authorId, body: "Called.\nSends samples" } });
    const sheet = await readXlsx(streamLeadsXlsx({ primary: prisma }, { search: marker }, words, "Asia/Shanghai"));
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      "Number",
      "Received (Asia/Shanghai)",
      "Status",
      "Name",
      "Phone",
      "E-mail",
      "Company",
      "Possible duplicate",
      "Owner",
      "Message",
      "Notes",
    ]);
    expect(sheet.name).toBe("Leads");
    const row = sheet.getRow(2);
    const cell = (name: string) => row.getCell(header.indexOf(name) + 1);
    expect(cell("Phone").type).toBe(ExcelJS.ValueType.String);
    expect(cell("Phone").value).toBe("013500000000");
    expect(cell("Phone").numFmt).toBe("@");
    expect(cell("Name").value).toBe("=cmd 0");
    expect(cell("Name").type).toBe(ExcelJS.ValueType.String);
    expect(cell("Status").value).toBe("New");
    expect(cell("Received (Asia/Shanghai)").type).toBe(ExcelJS.ValueType.Date);
    const lead = await prisma.lead.findUniqueOrThrow({ where: { id: id! } });
    expect((cell("Received (Asia/Shanghai)").value as Date).getTime()).toBe(lead.createdAt.getTime() + 8 * 3_600_000);
    expect(cell("Possible duplicate").value).toBe(lead.possibleDuplicate ? "Yes" : "No");
    expect(cell("Notes").value as string).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d Note Nora: Called\.\nSends samples$/);
    expect(sheet.rowCount).toBe(2);
  });

  it("writes orders with the quantity as a number, the phone as text, the status, the guide's title and the carrier's name in the reader's language", async () => {
    const item = await createGuide(prisma);
    await callerFor(prisma, newCustomer().customerId).order.create({
      idempotencyKey: mintOperationKey(),
      item,
      quantity: 3,
      contact: { name: "赵六", phone: "+8613800138000", address: "北京市" },
    });
    const guide = await prisma.guide.findUniqueOrThrow({ where: { slug: item } });
    // Shipped as the order page ships (dashboard/order-workflow.ts stores the carrier's code).
    await prisma.order.updateMany({ where: { guideId: guide.id }, data: { status: "shipped", carrier: "sf", trackingNumber: "SF1234567890123" } });
    const zh = { ...words, language: "zh-CN" as const, orderStatus: { ...words.orderStatus, shipped: "已发货" }, ordersSheet: "样册订单" };
    for (const [reader, title, status, carrier] of [
      [words, guide.titleEn, "Shipped", "SF Express"],
      [zh, guide.titleZh, "已发货", "顺丰速运"],
    ] as const) {
      const sheet = await readXlsx(streamOrdersXlsx({ primary: prisma }, { guide: item }, reader, "UTC"));
      expect(sheet.name).toBe(reader.ordersSheet);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const row = sheet.getRow(2);
      const cell = (name: string) => row.getCell(header.indexOf(name) + 1);
      expect(cell("Copies").value).toBe(3);
      expect(cell("Phone").value).toBe("+8613800138000");
      expect(cell("Phone").type).toBe(ExcelJS.ValueType.String);
      expect(cell("Status").value).toBe(status);
      expect(cell("Guide").value).toBe(title);
      expect(cell("Carrier").value).toBe(carrier);
      expect(cell("Tracking number").value).toBe("SF1234567890123");
    }
  });
});
