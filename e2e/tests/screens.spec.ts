// Every customer page and state, as a customer sees it: at 1280×800 and 390×844, in English
// and Simplified Chinese. The screenshots are stored under e2e/artifacts/screens (kept by CI)
// for people to look at; the main states are also compared with committed references
// (screens.spec.ts-snapshots/), so an unintended visual change fails the run.
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { confirmedNumber, fillLead, fillOrder, openOrderForm, pendingBanner } from "./support";

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const LOCALES = ["en", "zh-CN"] as const;
const SCREENS = join(import.meta.dirname, "../artifacts/screens");
const ORDER_CREATE = "**/api/trpc/order.create**";

/** Parts that differ on every run (numbers, times, counters), hidden in comparisons. */
const changing = (page: Page) => [page.getByTestId("confirmed-number"), page.getByTestId("pending-since"), page.locator("time, [data-changing]")];

for (const locale of LOCALES) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${locale} ${device}`, () => {
      test.use({ viewport, locale });
      test.beforeEach(async ({ context, baseURL }) => {
        await context.addCookies([{ name: "lang", value: locale, url: baseURL! }]);
      });
      const shot = async (page: Page, name: string, compare = false) => {
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: join(SCREENS, `${locale}-${device}-${name}.png`), fullPage: true });
        if (compare) await expect(page).toHaveScreenshot(`${locale}-${device}-${name}.png`, { fullPage: true, mask: changing(page), maxDiffPixelRatio: 0.01 });
      };

      test("catalog, guide, out of stock, 404", async ({ page }) => {
        await page.goto("/guides");
        await expect(page.getByTestId("guide-card").first()).toBeVisible();
        await shot(page, "catalog", true);
        await openOrderForm(page);
        await shot(page, "guide", true);
        await page.goto("/guides/outbox-field-notes");
        await expect(page.getByTestId("out-of-stock")).toBeVisible();
        await shot(page, "out-of-stock");
        await page.goto("/guides/no-such-guide");
        await shot(page, "not-found");
      });

      test("order: field errors, pending, receipt, fresh form on return", async ({ page, context }) => {
        await openOrderForm(page);
        await page.getByRole("button", { name: /Place order|提交订单/ }).click();
        await expect(page.locator("#contact-name-error")).not.toBeEmpty();
        await shot(page, "order-errors");
        await fillOrder(page, 2);
        await context.route(ORDER_CREATE, (route) => route.abort("connectionrefused"));
        await page.getByRole("button", { name: /Place order|提交订单/ }).click();
        await expect(pendingBanner(page)).toBeVisible();
        await shot(page, "order-pending", true);
        await context.unroute(ORDER_CREATE);
        await confirmedNumber(page); // the next automatic check (tests of "check now": customer-experience.spec.ts)
        await shot(page, "order-receipt", true);
        await page.reload();
        await expect(page.getByTestId("last-receipt")).toBeVisible();
        await shot(page, "order-return");
      });

      test("inquiry: form, receipt; my orders", async ({ page }) => {
        await page.goto("/contact");
        await expect(page.getByRole("button", { name: /Send inquiry|提交咨询/ })).toBeEnabled();
        await shot(page, "contact");
        await fillLead(page);
        await page.getByRole("button", { name: /Send inquiry|提交咨询/ }).click();
        await confirmedNumber(page);
        await shot(page, "inquiry-receipt");
        await openOrderForm(page);
        await fillOrder(page);
        await page.getByRole("button", { name: /Place order|提交订单/ }).click();
        await confirmedNumber(page);
        await page.goto("/me");
        await expect(page.getByTestId("my-lead")).toHaveCount(1);
        await shot(page, "me");
      });
    });
  }
}
