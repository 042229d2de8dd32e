// Issue 13, item 8, and issue 26, item 7, in both languages on the production build: the order
// list's XLSX and CSV links and the lead XLSX export, as a signed-in staff member downloads
// them. The XLSX is read back with exceljs: headers and statuses in the staff member's language,
// phones text cells, times real dates on the staff member's clock (Asia/Shanghai here), notes
// included; the CSV starts with the UTF-8 BOM and writes the phone plain, as typed.
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signInAs, submitInquiry } from "./dashboard-support";
import { placeOrder, readSheet } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { db } from "./support";
import { flowLocales } from "./matrix";

const SHANGHAI_MS = 8 * 3_600_000;

/** The headers and values each language's staff read in the files (the lists' own words). */
const WORDS = {
  en: {
    number: "Number",
    received: "Received (Asia/Shanghai)",
    copies: "Copies",
    phone: "Phone",
    fulfilment: "Fulfilment",
    orderReceived: "Received",
    status: "Status",
    newLead: "New",
    notes: "Notes",
  },
  "zh-CN": {
    number: "编号",
    received: "收到时间 (Asia/Shanghai)",
    copies: "份数",
    phone: "电话",
    fulfilment: "履约状态",
    orderReceived: "已接收",
    status: "状态",
    newLead: "新线索",
    notes: "备注",
  },
} as const;

for (const locale of flowLocales("zh-CN")) {
  test(`exports: orders XLSX and CSV from the list, leads XLSX with notes (${locale})`, async ({ browser }) => {
    test.setTimeout(90_000); // a whole working session: customers order, two staff members sign in, screenshots
    const number = await placeOrder(browser, 3);
    const page = await signInAs(browser, E2E_STAFF[0]!, locale);
    await page.goto(`/dashboard/orders?search=${number}`);
    await expect(page.getByTestId("order-row")).toHaveCount(1);

    const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-orders-xlsx").click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d\.xlsx$/);
    const orders = await readSheet(await streamToBuffer(await xlsx.createReadStream()));
    const w = WORDS[locale];
    const header = (orders.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain(w.received);
    const row = orders.getRow(2);
    const cell = (name: string) => row.getCell(header.indexOf(name) + 1);
    expect(cell(w.number).value).toBe(number);
    expect(cell(w.copies).value).toBe(3);
    expect(cell(w.fulfilment).value).toBe(w.orderReceived);
    expect(cell(w.phone).type).toBe(ExcelJS.ValueType.String);
    expect(cell(w.phone).value).toBe("13800138000");
    const { rows } = await db().query<{ created_at: Date }>("select created_at from sample_order where number = $1", [Number(number.slice(3))]);
    expect((cell(w.received).value as Date).getTime()).toBe(rows[0]!.created_at.getTime() + SHANGHAI_MS);

    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-orders-csv").click()]);
    const bytes = await streamToBuffer(await csv.createReadStream());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text.split("\r\n")[0]).toContain(`${w.number},${w.received},`);
    expect(text).toContain(`${number},`);
    expect(text).toContain(`,${w.orderReceived},`);
    expect(text).toContain(",13800138000,"); // plain, as typed

    // Leads: one inquiry with a note, exported through the same route family.
    const lead = await submitInquiry({ name: "导出测试", phone: "+8613912345678" }); // a leading + a spreadsheet would drop from a number
    const leadNumber = Number(lead.slice(3));
    await db().query(
      `insert into lead_note (id, lead_id, author_id, body) select gen_random_uuid(), l.id, u.id, $2 from lead l, staff_user u where l.number = $1 and u.email = $3`,
      [leadNumber, "第一次电话：\n下周回访", E2E_STAFF[0]!.email],
    );
    const response = await page.request.get(`/api/dashboard/leads.xlsx?search=${encodeURIComponent("导出测试")}`);
    expect(response.headers()["content-type"]).toContain("spreadsheetml");
    const leads = await readSheet(await response.body());
    const leadHeader = (leads.getRow(1).values as unknown[]).slice(1);
    const leadRow = leads.getRow(2);
    const leadCell = (name: string) => leadRow.getCell(leadHeader.indexOf(name) + 1);
    expect(leadCell(w.number).value).toBe(lead);
    expect(leadCell(w.status).value).toBe(w.newLead);
    expect(leadCell(w.phone).value).toBe("+8613912345678");
    expect(leadCell(w.phone).type).toBe(ExcelJS.ValueType.String);
    expect(leadCell(w.received).type).toBe(ExcelJS.ValueType.Date);
    expect(leadCell(w.notes).value as string).toContain("Alice Sales: 第一次电话：\n下周回访");
    await page.context().close();
  });
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
