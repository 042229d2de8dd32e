// An order or inquiry is findable from any device: by its number and the phone given with it,
// from a fresh browser; by number alone from the browser that sent it (the receipt's and /me's
// link). A wrong phone and an unknown number answer alike; malformed input says what is wrong
// with its form. Both languages, desktop and phone; screenshots in e2e/artifacts/screens.
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { confirmedNumber, db, fillLead, fillOrder, openOrderForm } from "./support";
import { VIEWPORTS } from "./order-support";
import { devicesFor } from "./matrix";

const SCREENS = join(import.meta.dirname, "../artifacts/screens");
const PHONE = "138 0013 8000"; // fillOrder's

/** Ships the order as the dashboard would: packed, then shipped with a tracking number. */
async function ship(number: string, tracking: string) {
  const n = Number(number.slice(3));
  await db().query(
    `with o as (update sample_order set status = 'shipped', tracking_number = $2, version = version + 2 where number = $1 returning id),
          s as (select id from staff_user order by email limit 1)
     insert into order_event (id, order_id, actor_id, from_status, to_status, tracking_number, created_at)
     select gen_random_uuid(), o.id, s.id, x.f::"OrderStatus", x.t::"OrderStatus", x.tr, now() + x.d * interval '1 second'
     from o, s, (values ('received', 'packed', null, 0), ('packed', 'shipped', $2, 1)) as x(f, t, tr, d)`,
    [n, tracking],
  );
}

/** Posts the form (the browser itself: the page ships no script for it) and waits for the page it leads to. */
async function lookUp(page: Page, number: string, phone: string) {
  await page.getByLabel(/Order or inquiry number|订单或咨询编号/).fill(number);
  await page.getByLabel(/^Phone|^电话/).fill(phone);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/track/look-up");
  await page.getByRole("button", { name: /^(Look up|查询)$/ }).click();
  expect((await answered).status()).toBe(303); // never a page that a reload would post again
  await page.waitForLoadState("domcontentloaded");
}

for (const locale of ["en", "zh-CN"] as const) {
  for (const [device, viewport] of devicesFor(locale)) {
    test(`${locale} ${device}: an order placed in one browser is followed from another by number and phone`, async ({ browser, baseURL }) => {
      const cookies = [{ name: "lang", value: locale, url: baseURL! }];
      const desktop = await browser.newContext({ locale, viewport: VIEWPORTS.desktop });
      await desktop.addCookies(cookies);
      const placing = await desktop.newPage();
      await openOrderForm(placing);
      await fillOrder(placing, 2);
      await placing.getByRole("button", { name: /Place order|提交订单/ }).click();
      const number = await confirmedNumber(placing);
      await ship(number, "SF1234567890");

      const elsewhere = await browser.newContext({ locale, viewport });
      await elsewhere.addCookies(cookies);
      const page = await elsewhere.newPage();
      await page.goto("/track");
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(SCREENS, `${locale}-${device}-track-form.png`), fullPage: true });
      await lookUp(page, number, "+86 13800138000"); // the same phone, spelt another way
      const tracked = page.getByTestId("tracked");
      await expect(tracked).toHaveAttribute("data-status", "shipped");
      await expect(page.getByTestId("track-steps").locator("li")).toHaveCount(3);
      await expect(page.getByTestId("tracking-number")).toContainText("SF1234567890");
      await expect(tracked).toContainText("Wang Xiaoming");
      await expect(tracked).toContainText("138****8000");
      await expect(tracked).not.toContainText("13800138000"); // the phone is never shown whole
      await page.screenshot({ path: join(SCREENS, `${locale}-${device}-track-shipped.png`), fullPage: true });

      await page.getByRole("link", { name: /Look up another|查询其他编号/ }).click();
      await lookUp(page, number, "13800138001"); // another phone
      const wrongPhone = await page.getByTestId("track-refusal").textContent();
      await lookUp(page, "SO-999999999", PHONE); // no such number
      await expect(page.getByTestId("track-refusal")).toHaveAttribute("data-code", "NOT_FOUND");
      expect(await page.getByTestId("track-refusal").textContent()).toBe(wrongPhone); // alike: neither half is named
      await page.screenshot({ path: join(SCREENS, `${locale}-${device}-track-not-found.png`), fullPage: true });
      await desktop.close();
      await elsewhere.close();
    });
  }
}

test("the browser that placed it follows it by number alone, from the receipt; another browser is asked for the phone", async ({ page, browser }) => {
  await openOrderForm(page);
  await fillOrder(page, 1);
  await page.getByRole("button", { name: "Place order" }).click();
  const number = await confirmedNumber(page);
  await page.getByTestId("track-link").click();
  await expect(page).toHaveURL(new RegExp(`/track/${number}$`));
  await expect(page.getByTestId("tracked")).toHaveAttribute("data-status", "received");

  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(`/track/${number}`);
  await expect(stranger.getByTestId("tracked")).toHaveCount(0); // nothing without the phone
  await expect(stranger.getByText(`Enter the phone you gave with ${number}`)).toBeVisible();
  await expect(stranger.getByLabel("Order or inquiry number")).toHaveValue(number);
  await stranger.getByLabel(/^Phone/).fill(PHONE);
  await stranger.getByRole("button", { name: "Look up" }).click();
  await expect(stranger.getByTestId("tracked")).toHaveAttribute("data-number", number);
  await other.close();
});

test("an inquiry: found by its number and phone, shown as received", async ({ page, browser }) => {
  await page.goto("/contact");
  await fillLead(page, "+86 139 0013 9000");
  await page.getByRole("button", { name: "Send inquiry" }).click();
  const number = await confirmedNumber(page);
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto("/track");
  await lookUp(elsewhere, number.toLowerCase(), "139 0013 9000");
  await expect(elsewhere.getByTestId("tracked")).toHaveAttribute("data-status", "received");
  await expect(elsewhere.getByTestId("tracked")).toContainText("Please send me the price list");
  await other.close();
});

test("malformed input says what is wrong with its form; the phone never reaches an address", async ({ page }) => {
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));
  await page.goto("/track");
  await lookUp(page, "order 12", PHONE);
  await expect(page.getByTestId("track-refusal")).toHaveAttribute("data-code", "NUMBER_MALFORMED");
  await expect(page.getByTestId("track-refusal")).toContainText("SO-000123");
  await lookUp(page, "SO-000001", "call me");
  await expect(page.getByTestId("track-refusal")).toHaveAttribute("data-code", "PHONE_MALFORMED");
  await expect(page.getByTestId("track-refusal")).toContainText("Chinese mobile number");
  expect(addresses.filter((url) => url.includes("call") || url.includes("13800138000"))).toEqual([]);
});
