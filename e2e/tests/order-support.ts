// Shared by the order, export and staff browser tests: an order placed through the guide page
// as a customer would, screenshots of dashboard screens, and reading downloaded spreadsheets.
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Browser, Page } from "@playwright/test";
import { confirmedNumber, fillOrder, openOrderForm } from "./support";

export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SCREENS = join(import.meta.dirname, "../artifacts/screens");

/** Places an order from a fresh customer context; returns its number ("SO-000123"). */
export async function placeOrder(browser: Browser, quantity = 2, address?: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openOrderForm(page);
  await fillOrder(page, quantity, address);
  await page.getByRole("button", { name: /Place order|提交订单/ }).click();
  const number = await confirmedNumber(page);
  await context.close();
  return number;
}

/** Full-page screenshots at both sizes (for people to look at): e2e/artifacts/screens/dashboard-<name>-<size>.png. */
export async function screens(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(SCREENS, `dashboard-${name}-${device}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

export async function readSheet(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}
