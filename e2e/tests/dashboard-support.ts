// Shared by the dashboard's browser tests: a signed-in staff page in a language of choice, and
// a fresh inquiry to work on (submitted through the contact form, as a customer would).
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import type { E2E_STAFF } from "./staff-accounts";
import { confirmedNumber, fillLead } from "./support";

export type DashboardLocale = "en" | "zh-CN";
export const DASHBOARD_LOCALES: readonly DashboardLocale[] = ["en", "zh-CN"];

/** Signs in with a password of the member's own (the fixtures' accounts): the dashboard opens on the leads. */
export function signInAs(
  browser: Browser,
  staff: (typeof E2E_STAFF)[number],
  locale: DashboardLocale = "en",
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  return signIn(browser, staff, locale, viewport, /\/dashboard\/leads/);
}

/** Signs in with a temporary password an admin set (invitation, reset): the dashboard asks for the member's own first. */
export function signInWithTemporaryPassword(
  browser: Browser,
  staff: (typeof E2E_STAFF)[number],
  locale: DashboardLocale = "en",
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  return signIn(browser, staff, locale, viewport, /\/dashboard\/password$/);
}

async function signIn(
  browser: Browser,
  staff: (typeof E2E_STAFF)[number],
  locale: DashboardLocale,
  viewport: { width: number; height: number },
  landing: RegExp,
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale, timezoneId: "Asia/Shanghai" });
  const page = await context.newPage();
  await page.goto("/dashboard/sign-in");
  // Path /, as the language switcher sets it: the exports under /api/dashboard read it too.
  await context.addCookies([{ name: "lang", value: locale, url: new URL("/", page.url()).href }]);
  await page.reload();
  await page.getByLabel(/E-mail|邮箱/).fill(staff.email);
  await page.getByLabel(/Password|密码/).fill(staff.password);
  await page.getByRole("button", { name: /^(Sign in|登录)$/ }).click();
  await expect(page).toHaveURL(landing);
  return page;
}

/** Sends an inquiry from a fresh customer context; returns its number ("LD-000123"). */
export async function submitInquiry(browser: Browser, fields: { name?: string; phone?: string; content?: string; company?: string } = {}): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/contact");
  await fillLead(page, fields.phone ?? `137 ${String(Date.now()).slice(-8)}`);
  if (fields.name) await page.getByLabel(/^Name|^姓名/).fill(fields.name);
  if (fields.content) await page.getByLabel(/Your message|留言内容/).fill(fields.content);
  if (fields.company) await page.getByLabel(/^Company|^公司/).fill(fields.company);
  await page.getByRole("button", { name: /Send inquiry|提交咨询/ }).click();
  const number = await confirmedNumber(page);
  await context.close();
  return number;
}

/**
 * Scrolls so that `control` sits at the foot of the screen, as for a reader on a phone who
 * scrolled just far enough to reach it, and checks that `outcome` (the message area under it)
 * starts below the screen: what the page does next must bring the outcome into view itself.
 */
export async function controlAtScreenFoot(control: Locator, outcome: Locator): Promise<void> {
  await control.evaluate((element) => element.scrollIntoView({ block: "end" }));
  expect(await outcome.evaluate((element) => element.getBoundingClientRect().top >= window.innerHeight)).toBe(true);
}
