// Issue 26, item 7, in both languages, on a desktop and a phone, against the production build:
// the order page's two panels. Fulfilment ships with a carrier chosen from the table and its
// tracking number; a number not of the carrier's shape is refused in the page's language,
// nothing is saved and the packing's "Saved." is gone; once shipped, the staff page, the order
// list, the export and the customer's /track page name the carrier (in the reader's language)
// and link to its tracking page in a new tab, told nothing of where the reader came from. Cancel
// order is its own panel: a reason, then a confirmation; a refusal there clears the other
// panel's "Saved." too. Screenshots in e2e/artifacts/screens (dashboard-ship-cancel-*, and the
// customer's <locale>-<device>-track-carrier.png).
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DASHBOARD_LOCALES, signInAs } from "./dashboard-support";
import { readSheet } from "./order-support";
import { devicesFor } from "./matrix";
import { E2E_STAFF } from "./staff-accounts";
import { confirmedNumber, fillOrder, openOrderForm } from "./support";

const SCREENS = join(import.meta.dirname, "../artifacts/screens");
const SF_PAGE = "https://www.sf-express.com/chn/sc/waybill/waybill-detail/SF1234567890123";

const TEXT = {
  en: {
    fulfilment: "Fulfilment",
    cancelPanel: "Cancel order",
    packed: "Mark as packed",
    shipped: "Mark as shipped",
    carrier: "Carrier",
    tracking: "Tracking number",
    sfHint: "Like SF1234567890123",
    sf: "SF Express",
    saved: "Saved.",
    refused: "Not shipped: SF Express tracking numbers look like SF1234567890123; YT1234567890123 does not. Check the number and the carrier.",
    trackLink: /Track the parcel/,
    cancelButton: "Cancel the order…",
    reasonRequired: "Say why the order is cancelled.",
    reason: "Reason for cancelling",
    confirm: /Cancel order SO-\d+ for good\? The copies it holds \(1\) go back in stock/,
    confirmYes: "Yes, cancel the order",
    keep: "Keep the order",
    cancelled: "Order cancelled.",
    tooLate: "This order has shipped: it can no longer be cancelled.",
    customerCarrier: "Carrier: SF Express",
    follow: /Follow the parcel/,
    exportCarrier: "Carrier",
  },
  "zh-CN": {
    fulfilment: "打包发货",
    cancelPanel: "取消订单",
    packed: "标记为已打包",
    shipped: "标记为已发货",
    carrier: "快递公司",
    tracking: "快递单号",
    sfHint: "形如 SF1234567890123",
    sf: "顺丰速运",
    saved: "已保存。",
    refused: "未发货：YT1234567890123 不是顺丰速运的快递单号（形如 SF1234567890123）。请核对单号和快递公司。",
    trackLink: /查看物流/,
    cancelButton: "取消订单…",
    reasonRequired: "请说明取消订单的原因。",
    reason: "取消原因",
    confirm: /确定取消订单 SO-\d+ 吗？所订 1 份将退回库存/,
    confirmYes: "确定取消订单",
    keep: "保留订单",
    cancelled: "订单已取消。",
    tooLate: "该订单已发货，无法再取消。",
    customerCarrier: "快递公司：顺丰速运",
    follow: /查看物流详情/,
    exportCarrier: "快递公司",
  },
} as const;

/** Places an order on the customer's page; returns its number. */
async function order(page: Page, quantity: number): Promise<string> {
  await openOrderForm(page);
  await fillOrder(page, quantity);
  await page.getByRole("button", { name: /Place order|提交订单/ }).click();
  return confirmedNumber(page);
}

async function openOrder(page: Page, number: string) {
  await page.goto(`/dashboard/orders?search=${number}`);
  await page.getByRole("link", { name: number }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
}

for (const locale of DASHBOARD_LOCALES) {
  for (const [device, viewport] of devicesFor(locale)) {
    test(`${locale} ${device}: ship with a carrier and its tracking link, a refused number, cancel from its own panel`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000); // a customer orders twice, a staff member works both orders, screenshots
      const text = TEXT[locale];
      const shot = async (page: Page, name: string) => {
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: join(SCREENS, `dashboard-ship-cancel-${name}-${locale}-${device}.png`), fullPage: true });
      };

      // The customer orders twice from one browser, which then follows both by number alone.
      const customer = await browser.newContext({ locale, viewport });
      await customer.addCookies([{ name: "lang", value: locale, url: baseURL! }]);
      const shop = await customer.newPage();
      const toShip = await order(shop, 2);
      const toCancel = await order(shop, 1);

      const page = await signInAs(browser, E2E_STAFF[0]!, locale, viewport);
      // The carrier's tracking page is on the internet; here a stand-in answers for it.
      await page.context().route("https://www.sf-express.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>SF</title>" }));
      await openOrder(page, toShip);
      const fulfilment = page.getByRole("region", { name: text.fulfilment });
      const cancelPanel = page.getByRole("region", { name: text.cancelPanel });
      const fulfilStatus = page.getByTestId("fulfil-status");
      await fulfilment.getByRole("button", { name: text.packed }).click();
      await expect(fulfilStatus).toHaveText(text.saved);

      // An SF Express label, a YTO number typed: refused in the page's language, nothing saved, "Saved." gone.
      await fulfilment.getByLabel(text.carrier).selectOption("sf");
      await expect(fulfilment.getByText(text.sfHint)).toBeVisible();
      await fulfilment.getByLabel(text.tracking).fill("YT1234567890123");
      await fulfilment.getByRole("button", { name: text.shipped }).click();
      await expect(fulfilStatus).toHaveText(text.refused);
      await expect(fulfilment.getByLabel(text.tracking)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("order-tracking")).toHaveCount(0);
      await expect(page.getByTestId("order-carrier")).toHaveCount(0);
      await shot(page, "refused");

      // The number as the label prints it, spaces and all: shipped, with the carrier and its link.
      await fulfilment.getByLabel(text.tracking).fill("sf 1234 5678 90123");
      await fulfilment.getByRole("button", { name: text.shipped }).click();
      await expect(fulfilStatus).toHaveText(text.saved);
      await expect(page.getByTestId("order-carrier")).toHaveText(text.sf);
      await expect(page.getByTestId("order-tracking")).toHaveText("SF1234567890123");
      await expect(page.getByTestId("order-timeline")).toContainText(`${text.sf} SF1234567890123`);
      await expect(cancelPanel).toContainText(text.tooLate);
      const link = page.getByTestId("order-track-link");
      await expect(link).toHaveText(text.trackLink);
      await expect(link).toHaveAttribute("href", SF_PAGE);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      const [carrierTab] = await Promise.all([page.waitForEvent("popup"), link.click()]);
      await expect(carrierTab).toHaveURL(SF_PAGE);
      expect(await carrierTab.evaluate(() => ({ opener: window.opener as unknown, referrer: document.referrer }))).toEqual({ opener: null, referrer: "" });
      await carrierTab.close();
      await shot(page, "shipped");

      // The list names the carrier with the status.
      await page.goto(`/dashboard/orders?search=${toShip}`);
      await expect(page.getByTestId("order-row")).toHaveCount(1);
      await expect(page.getByTestId("order-row-carrier")).toHaveText(text.sf);
      await shot(page, "list");
      if (device === "desktop") {
        // The export names it too, in the reader's language.
        const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-orders-xlsx").click()]);
        const chunks: Buffer[] = [];
        for await (const chunk of await xlsx.createReadStream()) chunks.push(chunk as Buffer);
        const sheet = await readSheet(Buffer.concat(chunks));
        const header = (sheet.getRow(1).values as unknown[]).slice(1);
        expect(sheet.getRow(2).getCell(header.indexOf(text.exportCarrier) + 1).value).toBe(text.sf);
      }

      // The customer's own page: the carrier in their language, the number, the link in a new tab.
      await shop.goto(`/track/${toShip}`);
      await expect(shop.getByTestId("tracked")).toHaveAttribute("data-status", "shipped");
      await expect(shop.getByTestId("carrier")).toHaveText(text.customerCarrier);
      await expect(shop.getByTestId("tracking-number")).toContainText("SF1234567890123");
      const follow = shop.getByTestId("tracking-link");
      await expect(follow).toHaveText(text.follow);
      await expect(follow).toHaveAttribute("href", SF_PAGE);
      await expect(follow).toHaveAttribute("target", "_blank");
      await expect(follow).toHaveAttribute("rel", "noopener noreferrer");
      await shop.evaluate(() => document.fonts.ready);
      await shop.screenshot({ path: join(SCREENS, `${locale}-${device}-track-carrier.png`), fullPage: true });

      // The other order is cancelled from its own panel. Packed first: its "Saved." goes as soon as
      // the Cancel order panel refuses a cancellation without a reason.
      await openOrder(page, toCancel);
      await fulfilment.getByRole("button", { name: text.packed }).click();
      await expect(fulfilStatus).toHaveText(text.saved);
      await cancelPanel.getByRole("button", { name: text.cancelButton }).click();
      await expect(cancelPanel.getByText(text.reasonRequired)).toBeVisible();
      await expect(fulfilStatus).toBeEmpty();
      await cancelPanel.getByLabel(text.reason).fill("The customer called: ordered twice by mistake");
      await cancelPanel.getByRole("button", { name: text.cancelButton }).click();
      const confirm = cancelPanel.getByRole("alertdialog");
      await expect(confirm).toContainText(text.confirm);
      await shot(page, "confirm");
      await confirm.getByRole("button", { name: text.keep }).click();
      await expect(confirm).toHaveCount(0);
      await expect(page.locator("article > header [data-status]")).toHaveAttribute("data-status", "packed"); // nothing happened
      await cancelPanel.getByRole("button", { name: text.cancelButton }).click();
      await cancelPanel.getByRole("alertdialog").getByRole("button", { name: text.confirmYes }).click();
      await expect(page.getByTestId("cancel-status")).toHaveText(text.cancelled);
      await expect(page.locator("article > header [data-status]")).toHaveAttribute("data-status", "cancelled");
      await expect(fulfilStatus).toBeEmpty();
      await expect(fulfilment.getByRole("button")).toHaveCount(0);
      await shot(page, "cancelled");

      await shop.goto(`/track/${toCancel}`);
      await expect(shop.getByTestId("tracked")).toHaveAttribute("data-status", "cancelled");
      await expect(shop.getByTestId("cancel-reason")).toContainText("ordered twice by mistake");
      await expect(shop.getByTestId("tracking-link")).toHaveCount(0);
      await page.context().close();
      await customer.close();
    });
  }
}
