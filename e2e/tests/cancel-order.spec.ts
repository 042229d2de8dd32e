// The customer cancels their own order from its page (/track/{number}, the receipt's link) while
// it is still received: a reason, one press, exactly once even when the answer is lost; the page
// says so in the customer's language, and the sales side sees it on the order's timeline. Packed
// first, the press is refused and says why. Both languages, desktop and phone; screenshots in
// e2e/artifacts/screens.
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { devicesFor } from "./matrix";
import { signInAs } from "./dashboard-support";
import { E2E_STAFF } from "./staff-accounts";
import { confirmedNumber, db, fillOrder, openOrderForm, pendingBanner } from "./support";

const SCREENS = join(import.meta.dirname, "../artifacts/screens");
const ORDER_CANCEL = "**/api/trpc/order.cancel**";
const REASON = "Ordered the wrong guide";

/** Places an order in this page's browser and opens its page from the receipt's link. */
async function placeAndOpen(page: Page): Promise<string> {
  await openOrderForm(page);
  await fillOrder(page, 2);
  await page.getByRole("button", { name: /Place order|提交订单/ }).click();
  const number = await confirmedNumber(page);
  await page.getByTestId("track-link").click();
  await expect(page.getByTestId("tracked")).toHaveAttribute("data-status", "received");
  return number;
}

const orderRow = async (number: string) =>
  (
    await db().query<{ status: string; cancel_reason: string | null; events: string; stock: number }>(
      `select o.status, o.cancel_reason, (select count(*) from order_event e where e.order_id = o.id and e.actor_id is null)::int as events, g.stock
       from sample_order o join guide g on g.id = o.guide_id where o.number = $1`,
      [Number(number.slice(3))],
    )
  ).rows[0]!;

for (const locale of ["en", "zh-CN"] as const) {
  for (const [device, viewport] of devicesFor(locale)) {
    test(`${locale} ${device}: the answer to a cancellation is lost; the page checks, shows it cancelled once, and staff see it`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ locale, viewport });
      await context.addCookies([{ name: "lang", value: locale, url: baseURL! }]);
      const page = await context.newPage();
      const number = await placeAndOpen(page);
      const stockBefore = (await orderRow(number)).stock;
      const form = page.getByRole("form", { name: /Cancel this order|取消此订单/ });
      await expect(form).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(SCREENS, `${locale}-${device}-cancel-form.png`), fullPage: true });

      // An empty reason is refused on the page, in its language, and nothing is sent.
      await form.getByRole("button", { name: /^(Cancel order|取消订单)$/ }).click();
      await expect(form.getByText(/required|必填|请填写/)).toBeVisible();
      expect((await orderRow(number)).status).toBe("received");

      let dropped = false;
      await page.route(ORDER_CANCEL, async (route) => {
        if (dropped) return route.continue();
        dropped = true;
        await route.fetch(); // the server cancels and commits...
        await route.abort("connectionreset"); // ...and the answer never arrives
      });
      await form.getByLabel(/^(Reason|取消原因)/).fill(REASON);
      await form.getByRole("button", { name: /^(Cancel order|取消订单)$/ }).click();
      await expect(pendingBanner(page)).toBeInViewport();
      await page.screenshot({ path: join(SCREENS, `${locale}-${device}-cancel-pending.png`) }); // the screen as the customer sees it
      // Confirmed (by the check that follows the lost answer): the page is drawn again with the
      // order cancelled, its reason, and no form.
      const tracked = page.getByTestId("tracked");
      await expect(tracked).toHaveAttribute("data-status", "cancelled", { timeout: 30_000 });
      await expect(page.getByTestId("cancel-reason")).toContainText(REASON);
      await expect(page.getByRole("form", { name: /Cancel this order|取消此订单/ })).toHaveCount(0);
      // The outcome lands in view: the order's status, where the customer was looking.
      await expect(tracked.getByText(locale === "en" ? "Cancelled" : "已取消").first()).toBeInViewport();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(SCREENS, `${locale}-${device}-cancel-confirmed.png`) });
      expect(await orderRow(number)).toMatchObject({ status: "cancelled", cancel_reason: REASON, events: 1, stock: stockBefore + 2 });

      // And so it stays, on a reload.
      await page.reload();
      await expect(tracked).toHaveAttribute("data-status", "cancelled");
      expect((await orderRow(number)).events).toBe(1);
      await context.close();

      // The sales side: the order's timeline names the customer as the one who cancelled.
      const staff = await signInAs(browser, E2E_STAFF[1]!, locale, viewport);
      await staff.goto(`/dashboard/orders?search=${number}`);
      await staff.getByRole("link", { name: number }).first().click();
      const timeline = staff.getByTestId("order-timeline");
      await expect(timeline).toContainText(locale === "en" ? "by the customer" : "客户本人");
      await expect(timeline).toContainText(REASON);
      await staff.context().close();
    });
  }

  for (const [device, viewport] of devicesFor(locale)) {
    test(`${locale} ${device}: packed before the press, the cancellation is refused and says why; nothing changes`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ locale, viewport });
      await context.addCookies([{ name: "lang", value: locale, url: baseURL! }]);
      const page = await context.newPage();
      const number = await placeAndOpen(page);
      await db().query(`update sample_order set status = 'packed', version = version + 1 where number = $1`, [Number(number.slice(3))]);
      const form = page.getByRole("form", { name: /Cancel this order|取消此订单/ });
      await form.getByLabel(/^(Reason|取消原因)/).fill(REASON);
      await form.getByRole("button", { name: /^(Cancel order|取消订单)$/ }).click();
      const refused = page.getByText(
        locale === "en" ? "We have already started packing this order, so it can no longer be cancelled." : "该订单已开始打包，无法再取消。",
      );
      await expect(refused).toBeInViewport();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(SCREENS, `${locale}-${device}-cancel-refused.png`) });
      expect(await orderRow(number)).toMatchObject({ status: "packed", cancel_reason: null, events: 0 });
      await context.close();
    });
  }
}

test("another browser that looked the order up by phone sees it but is offered no cancellation", async ({ page, browser }) => {
  const number = await placeAndOpen(page);
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto("/track");
  await elsewhere.getByLabel(/Order or inquiry number/).fill(number);
  await elsewhere.getByLabel(/^Phone/).fill("138 0013 8000");
  await elsewhere.getByRole("button", { name: "Look up" }).click();
  await expect(elsewhere.getByTestId("tracked")).toHaveAttribute("data-status", "received");
  await expect(elsewhere.getByRole("form", { name: "Cancel this order" })).toHaveCount(0);
  await other.close();
});
