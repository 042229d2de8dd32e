// Shared by the dashboard's browser tests: a signed-in staff page in a language of choice, and
// a fresh inquiry to work on (sent through the REST API, as an outside client would).
import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import type { E2E_STAFF } from "./staff-accounts";

export type DashboardLocale = "en" | "zh-CN";
export const DASHBOARD_LOCALES: readonly DashboardLocale[] = ["en", "zh-CN"];

/**
 * Signs in with a password of the member's own (the fixtures' accounts): the dashboard opens on
 * the leads. Through better-auth's endpoint in the page's own context (its cookies are the
 * page's), not the form: the form's own behaviour is dashboard.spec.ts's, and the test command
 * signs in some sixty times.
 */
export async function signInAs(
  browser: Browser,
  staff: (typeof E2E_STAFF)[number],
  locale: DashboardLocale = "en",
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await newStaffContext(browser, locale, viewport);
  const answer = await context.request.post("/api/auth/sign-in/email", {
    data: { email: staff.email, password: staff.password },
    headers: { origin: baseUrl() },
  });
  expect(answer.status(), `sign-in of ${staff.email}`).toBe(200);
  const page = await context.newPage();
  await page.goto("/dashboard/leads");
  await expect(page).toHaveURL(/\/dashboard\/leads/);
  return page;
}

/** Signs in with a temporary password an admin set (invitation, reset): the dashboard asks for the member's own first. */
export async function signInWithTemporaryPassword(
  browser: Browser,
  staff: (typeof E2E_STAFF)[number],
  locale: DashboardLocale = "en",
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const page = await (await newStaffContext(browser, locale, viewport)).newPage();
  await page.goto("/dashboard/sign-in");
  await page.getByLabel(/E-mail|邮箱/).fill(staff.email);
  await page.getByLabel(/Password|密码/).fill(staff.password);
  await page.getByRole("button", { name: /^(Sign in|登录)$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/password$/);
  return page;
}

/** The worker's own server (playwright.config.ts), for calls made without a page. */
const baseUrl = () => process.env.E2E_BASE_URL!;

async function newStaffContext(browser: Browser, locale: DashboardLocale, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale, timezoneId: "Asia/Shanghai" });
  // Path /, as the language switcher sets it: the exports under /api/dashboard read it too.
  await context.addCookies([{ name: "lang", value: locale, url: `${baseUrl()}/` }]);
  return context;
}

/**
 * Sends an inquiry as a new customer would, through the REST API (a session of its own, a key
 * of its own); returns its number ("LD-000123"). The contact form's own path, from the press
 * to the receipt, is lead-flow.spec.ts's; the dashboard's tests need only the lead.
 */
export async function submitInquiry(fields: { name?: string; phone?: string; content?: string; company?: string } = {}): Promise<string> {
  const session = await fetch(`${baseUrl()}/api/v1/sessions`, { method: "POST" });
  expect(session.status).toBe(201);
  const { token } = (await session.json()) as { token: string };
  const answer = await fetch(`${baseUrl()}/api/v1/leads`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({
      name: fields.name ?? "Li Lei",
      phone: fields.phone ?? `137 ${String(Date.now()).slice(-8)}`,
      content: fields.content ?? "Please send me the price list for 200 copies.",
      ...(fields.company ? { company: fields.company } : {}),
    }),
  });
  const body = (await answer.json()) as { number?: string };
  expect(answer.status, JSON.stringify(body)).toBe(201);
  return body.number!;
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
