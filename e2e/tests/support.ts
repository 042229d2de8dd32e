// Shared helpers for the browser tests: counting records in the run's database, reading the
// customer of a browser context, and filling the forms.
import { expect, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import pg from "pg";
import { SESSION_COOKIE } from "@once/api/session";

/** Lets a test read /api/health's details (set for the run by playwright.config.ts). */
export const HEALTH_TOKEN = process.env.E2E_HEALTH_TOKEN ?? "";

let pool: pg.Pool | undefined;
export function db(): pg.Pool {
  return (pool ??= new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 }));
}

export async function customerOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error("no customer session cookie yet: open a page first");
  return cookie.value.split(".")[1]!;
}

export async function countOrders(context: BrowserContext): Promise<number> {
  const { rows } = await db().query<{ n: number }>(`select count(*)::int as n from sample_order where customer_id = $1`, [await customerOf(context)]);
  return rows[0]!.n;
}

export async function countLeads(context: BrowserContext): Promise<number> {
  const { rows } = await db().query<{ n: number }>(`select count(*)::int as n from lead where customer_id = $1`, [await customerOf(context)]);
  return rows[0]!.n;
}

export async function orderNumbers(context: BrowserContext): Promise<string[]> {
  const { rows } = await db().query<{ n: number }>(`select number as n from sample_order where customer_id = $1 order by number`, [await customerOf(context)]);
  return rows.map((r) => `SO-${String(r.n).padStart(6, "0")}`);
}

export async function openOrderForm(page: Page, slug = "sample-guide") {
  await page.goto(`/guides/${slug}`);
  await expect(page.getByRole("button", { name: /Place order|提交订单/ })).toBeEnabled();
}

export async function fillOrder(page: Page, quantity = 1, address = "1 Century Avenue, Shanghai") {
  await page.getByLabel(/Quantity|数量/).selectOption(String(quantity));
  await page.getByLabel(/^Name|^姓名/).fill("Wang Xiaoming");
  await page.getByLabel(/^Phone|^电话/).fill("138 0013 8000");
  await page.getByLabel(/Delivery address|收货地址/).fill(address);
}

export async function fillLead(page: Page, phone = "139 0013 9000") {
  await page.getByLabel(/^Name|^姓名/).fill("Li Lei");
  await page.getByLabel(/^Phone|^电话/).fill(phone);
  await page.getByLabel(/Your message|留言内容/).fill("Please send me the price list for 200 copies.");
}

export const pendingBanner = (page: Page) => page.getByText(/Result pending confirmation|结果待确认/);
export const confirmed = (page: Page) => page.getByTestId("confirmed-number");

export async function confirmedNumber(page: Page): Promise<string> {
  await expect(confirmed(page)).toBeVisible({ timeout: 20_000 });
  return (await confirmed(page).getAttribute("data-number"))!;
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}
