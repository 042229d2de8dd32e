// A pending submission whose browser session is replaced meanwhile (as a cross-site form that
// sets the session cookie would do) is never resent nor looked up under the new session: that
// session is another principal, which would answer "never seen" and get the operation a second
// time. The customer is told what happened and given the reference instead.
//
// The server keeps a JavaScript-readable cookie (SESSION_TAG_COOKIE), a tag of the current session, next
// to the httpOnly session cookie. Where a page response did not set it, these tests set it the
// way the server would (a value per session).
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { SESSION_COOKIE, SESSION_TAG_COOKIE } from "@once/api/session";
import { customerOf, db, fillLead, fillOrder, openOrderForm, pendingBanner, screenshot } from "./support";

const ORDER_CREATE = "**/api/trpc/order.create**";
const LEAD_SUBMIT = "**/api/trpc/lead.submit**";
const isStatusLookup = (url: URL) => url.pathname.includes("operation.status");

/** Gives the browser a session tag if the server did not: one value per session, like the server's. */
async function ensureSessionTag(context: BrowserContext) {
  const cookies = await context.cookies();
  if (cookies.some((c) => c.name === SESSION_TAG_COOKIE)) return;
  const session = cookies.find((c) => c.name === SESSION_COOKIE)!;
  await context.addCookies([{ ...session, name: SESSION_TAG_COOKIE, value: `sim-${session.value.split(".")[1]}`, httpOnly: false }]);
}

/** What the cross-site form does: the browser now holds someone else's session (and its tag). */
async function plantAnotherSession(browser: Browser, context: BrowserContext) {
  const attacker = await browser.newContext();
  const attackerPage = await attacker.newPage();
  await attackerPage.goto("/contact");
  await ensureSessionTag(attacker);
  const planted = (await attacker.cookies()).filter((c) => c.name === SESSION_COOKIE || c.name === SESSION_TAG_COOKIE);
  await attacker.close();
  const mine = await context.cookies();
  await context.addCookies(planted.map((c) => ({ ...(mine.find((m) => m.name === c.name) ?? c), value: c.value })));
}

async function operationKey(page: Page): Promise<string> {
  return (await page.locator("form[data-operation-key]").getAttribute("data-operation-key"))!;
}

/** Who the server has seen this operation key from (idempotency records) and who has its business row. */
async function principalsOf(table: "sample_order" | "lead", key: string) {
  const records = await db().query<{ principal: string }>(`select principal from idempotency_record where key = $1`, [key]);
  const rows = await db().query<{ customer_id: string }>(`select customer_id from ${table} where operation_key = $1`, [key]);
  return { records: records.rows.map((r) => r.principal), rows: rows.rows.map((r) => r.customer_id) };
}

test("the session changes while an order is pending: after a reload it is neither resent nor looked up, and needs attention", async ({
  page,
  context,
  browser,
}, testInfo) => {
  await openOrderForm(page);
  await ensureSessionTag(context);
  await fillOrder(page);
  let planted = false;
  let sentAfter = 0;
  let lookedUpAfter = 0;
  // The server is unreachable for this order until the session has been replaced.
  // What counts is what is sent under the planted session: a look-up the tab started a moment
  // before the swap still carries the original session's cookie, and is harmless.
  let plantedCustomer = "";
  const underPlantedSession = (cookie: string | null) => planted && (cookie ?? "").includes(`.${plantedCustomer}.`);
  await context.route(ORDER_CREATE, async (route) => {
    if (!planted) return route.abort("connectionrefused");
    if (underPlantedSession(await route.request().headerValue("cookie"))) sentAfter++;
    return route.continue();
  });
  await context.route(isStatusLookup, async (route) => {
    if (underPlantedSession(await route.request().headerValue("cookie"))) lookedUpAfter++;
    return route.continue();
  });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  const key = await operationKey(page);
  const original = await customerOf(context);

  await plantAnotherSession(browser, context);
  plantedCustomer = await customerOf(context);
  expect(plantedCustomer).not.toBe(original);
  planted = true; // unblocked: whatever is sent now reaches the server under the new session
  await page.reload();

  await expect(page.getByText("Needs your attention")).toBeVisible();
  await expect(page.getByTestId("attention-session")).toContainText("session changed since you sent this");
  await expect(page.getByTestId("attention-session")).toContainText(key);
  await screenshot(page, testInfo, "session-changed-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "session-changed-phone");
  await page.waitForTimeout(2500);
  expect(sentAfter).toBe(0);
  expect(lookedUpAfter).toBe(0);
  // The server never saw the key: not under the original session (blocked), nor under the new one.
  expect(await principalsOf("sample_order", key)).toEqual({ records: [], rows: [] });
});

test("the session changes while an inquiry's answer is lost: no second inquiry under the new session, in the customer's language", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await page.goto("/contact");
  await ensureSessionTag(context);
  await fillLead(page, "139 0013 9101");
  let planted = false;
  let sentAfter = 0;
  let lookedUpAfter = 0;
  let committed!: () => void;
  const reachedServer = new Promise<void>((resolve) => (committed = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(LEAD_SUBMIT, async (route) => {
    if (planted) {
      sentAfter++;
      return route.continue();
    }
    await route.fetch(); // the server stores the inquiry under the original session...
    committed();
    await released; // ...the session is replaced meanwhile...
    await route.abort("connectionreset"); // ...and the answer never arrives
  });
  await page.route(isStatusLookup, (route) => {
    if (planted) lookedUpAfter++;
    return route.continue();
  });
  await page.getByRole("button", { name: "提交咨询" }).click();
  await reachedServer;
  const key = await operationKey(page);
  const original = await customerOf(context);

  await plantAnotherSession(browser, context);
  expect(await customerOf(context)).not.toBe(original);
  planted = true;
  release();

  // The tab's own retry stops without a request.
  await expect(page.getByText("需要您处理")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("attention-session")).toContainText("浏览器的会话已发生变化");
  await expect(page.getByTestId("attention-session")).toContainText(key);
  await expect(pendingBanner(page)).toHaveCount(0);
  // And it stays so after a reload.
  await page.reload();
  await expect(page.getByTestId("attention-session")).toContainText(key);
  await screenshot(page, testInfo, "session-changed-zh-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "session-changed-zh-phone");
  await page.waitForTimeout(2500);
  expect(sentAfter).toBe(0);
  expect(lookedUpAfter).toBe(0);
  // One inquiry, under the session that sent it.
  expect(await principalsOf("lead", key)).toEqual({ records: [`customer:${original}`], rows: [original] });
  await context.close();
});
