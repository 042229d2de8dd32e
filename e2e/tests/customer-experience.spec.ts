// The customer's experience around a submission (what they see, and how many records exist):
// the outcome in view, the receipt, a fresh form on return, signs of life while pending,
// /me listing each operation once, out of stock, and the fields' limits and markings.
import { expect, test, type Page } from "@playwright/test";
import { confirmedNumber, countLeads, countOrders, fillLead, fillOrder, openOrderForm, orderNumbers, pendingBanner, screenshot } from "./support";
import { devicesFor } from "./matrix";

const ORDER_CREATE = "**/api/trpc/order.create**";
const LOOK_UP = "**/api/trpc/operation.*";
const status = (page: Page) => page.getByTestId("submission-status");

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} the outcome is scrolled into view and focused`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openOrderForm(page);
    await fillOrder(page);
    await page.getByRole("button", { name: "Place order" }).click();
    await confirmedNumber(page);
    await expect(page.getByTestId("receipt")).toBeInViewport();
    await expect(status(page)).toBeFocused();

    await page.goto("/contact");
    await fillLead(page);
    await page.getByRole("button", { name: "Send inquiry" }).click();
    await confirmedNumber(page);
    await expect(page.getByTestId("receipt")).toBeInViewport();
    await expect(status(page)).toBeFocused();
    expect([await countOrders(context), await countLeads(context)]).toEqual([1, 1]);
    await context.close();
  });
}

test("the receipt says what, how many, where, when and what next, in the customer's language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await openOrderForm(page);
  await fillOrder(page, 3);
  await page.getByRole("button", { name: "提交订单" }).click();
  const number = await confirmedNumber(page);
  const receipt = page.getByTestId("receipt");
  await expect(receipt).toContainText(`订单已确认：${number}`);
  await expect(receipt).toContainText("资料订购示例指南 × 3");
  await expect(receipt).toContainText("Wang Xiaoming, 1 Century Avenue, Shanghai");
  await expect(receipt.locator("time")).toHaveText(/\d{4}年\d{1,2}月\d{1,2}日/);
  await expect(receipt).toContainText("接下来");
  await expect(page.getByRole("link", { name: "查看我的订单" })).toHaveAttribute("href", "/me");
  await expect(page.getByRole("button", { name: "再订一份" })).toBeVisible();
  expect(await orderNumbers(context)).toEqual([number]);
  await context.close();
});

test("an inquiry's receipt shows the start of the message", async ({ page, context }) => {
  await page.goto("/contact");
  await fillLead(page);
  await page.getByRole("button", { name: "Send inquiry" }).click();
  await confirmedNumber(page);
  await expect(page.getByTestId("receipt")).toContainText("Please send me the price list for 200 copies.");
  await expect(page.getByRole("link", { name: "View my inquiries" })).toBeVisible();
  expect(await countLeads(context)).toBe(1);
});

test("coming back after a finished order: a fresh form with a new key, the last receipt above it", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page, 2);
  const firstKey = await page.locator("form[data-operation-key]").getAttribute("data-operation-key");
  await page.getByRole("button", { name: "Place order" }).click();
  const number = await confirmedNumber(page);

  const again = await context.newPage();
  await openOrderForm(again);
  await expect(again.getByTestId("last-receipt")).toContainText(`${number}`);
  await expect(again.getByTestId("last-receipt")).toContainText("Sample Ordering Guide × 2");
  await expect(again.getByTestId("last-receipt").getByRole("link")).toHaveAttribute("href", `/me#${number}`);
  await expect(again.getByLabel(/^Name/)).toHaveValue("");
  await expect(again.getByLabel(/^Name/)).toBeEnabled();
  await expect(again.getByLabel("Quantity")).toHaveValue("1");
  const secondKey = await again.locator("form[data-operation-key]").getAttribute("data-operation-key");
  expect(secondKey).not.toBe(firstKey);
  await fillOrder(again);
  await again.getByRole("button", { name: "Place order" }).click();
  const second = await confirmedNumber(again);
  expect(await orderNumbers(context)).toEqual([number, second].sort());
});

test("pending shows life: time since sending, the next check, and 'check now' answers visibly", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page);
  await context.route(ORDER_CREATE, (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  const [sentLine, nextLine] = [page.getByTestId("pending-since").locator("p").first(), page.getByTestId("pending-since").locator("p").last()];
  await expect(sentLine).toHaveText(/^Sent (now|\d+ seconds? ago)$/);
  await expect(nextLine).toHaveText(/^(next check in \d+ s|checking again shortly|Checking…)$/);
  await expect(page.getByRole("progressbar").first()).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("check-answer")).toHaveText("Still offline: we check as soon as the connection is back.");
  await expect(page.getByTestId("pending-since")).toContainText("waiting for the connection");

  await context.setOffline(false);
  await context.route(LOOK_UP, (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("check-answer")).toHaveText("We could not reach the shop just now. We keep trying.");

  await context.unroute(LOOK_UP);
  await context.unroute(ORDER_CREATE);
  // The automatic check may get there first; either way one order, confirmed here.
  await page
    .getByRole("button", { name: "Check now" })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  const number = await confirmedNumber(page);
  expect(await orderNumbers(context)).toEqual([number]);
});

test("/me lists an order once while this device still waits for its answer, with the guide's title", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page, 2);
  let committed = false;
  // The server commits the order, every answer about it is lost from then on.
  await context.route(ORDER_CREATE, async (route) => {
    if (!committed) {
      committed = true;
      await route.fetch();
    }
    await route.abort("connectionreset");
  });
  await context.route(LOOK_UP, (route) => route.abort("connectionreset"));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  await expect.poll(() => countOrders(context)).toBe(1);

  await page.goto("/me");
  const [number] = await orderNumbers(context);
  await expect(page.getByTestId("my-order")).toHaveCount(1);
  await expect(page.getByTestId("my-order")).toContainText(`${number} · Sample Ordering Guide × 2`);
  await expect(page.getByTestId("pending-operation")).toHaveCount(0);
  await expect(page.locator(`[id="${number}"]`)).toBeVisible();
});

test("/me shows a pending order the server does not have yet, once, with its title", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page);
  await context.route(ORDER_CREATE, (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  await page.goto("/me");
  await expect(page.getByTestId("pending-operation")).toHaveCount(1);
  await expect(page.getByTestId("pending-operation")).toContainText("Sample Ordering Guide × 1");
  await expect(page.getByTestId("my-order")).toHaveCount(0);
  expect(await countOrders(context)).toBe(0);
});

test("out of stock: a notice instead of the form, and an inquiry about the guide already started", async ({ page, context }) => {
  await page.goto("/guides/outbox-field-notes");
  await expect(page.getByTestId("out-of-stock")).toContainText("Out of stock for now");
  await expect(page.getByRole("button", { name: "Place order" })).toHaveCount(0);
  await page.getByRole("link", { name: "Ask about this guide" }).click();
  await expect(page).toHaveURL(/\/contact\?guide=outbox-field-notes$/);
  await expect(page.getByLabel(/Your message/)).toHaveValue(/“Outbox Field Notes”/);
  await fillLead(page);
  await page.getByLabel(/Your message/).fill("I am interested in “Outbox Field Notes”. Please tell me when it is back in stock.");
  await page.getByRole("button", { name: "Send inquiry" }).click();
  await confirmedNumber(page);
  expect([await countOrders(context), await countLeads(context)]).toEqual([0, 1]);
});

test("the copies allowed per order are shown before choosing", async ({ page }) => {
  await openOrderForm(page, "lead-form-handbook");
  await expect(page.getByText("Up to 3 copies per order.")).toBeVisible();
  await expect(page.getByLabel("Quantity").locator("option")).toHaveText(["1", "2", "3"]);
});

test("fields: the server's limits (never the browser's silent maxlength), live counters, input modes, one optional marking", async ({ browser }) => {
  for (const [locale, optional] of [
    ["en", "(optional)"],
    ["zh-CN", "（选填）"],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto("/contact");
    const expected = { "lead-name": 50, "lead-phone": 20, "lead-content": 1000, "lead-email": 254, "lead-company": 100 };
    for (const [id, max] of Object.entries(expected)) {
      await expect(page.locator(`#${id}`)).toHaveAttribute("data-max", String(max));
      await expect(page.locator(`#${id}`)).not.toHaveAttribute("maxlength");
    }
    await expect(page.locator("#lead-phone")).toHaveAttribute("inputmode", "tel");
    await expect(page.locator("#lead-email")).toHaveAttribute("inputmode", "email");
    await expect(page.locator("label", { hasText: optional })).toHaveCount(2);
    await page.locator("#lead-content").fill("12345");
    await expect(page.locator("#lead-content-counter")).toHaveText("5 / 1000");
    await expect(page.locator("#lead-content")).toHaveAttribute("aria-describedby", /lead-content-counter/);
    await openOrderForm(page);
    await expect(page.locator("#contact-address")).toHaveAttribute("data-max", "300");
    await expect(page.locator("#contact-name")).toHaveAttribute("autocomplete", "name");
    await context.close();
  }
});

for (const locale of ["en", "zh-CN"] as const) {
  for (const [device, viewport] of devicesFor(locale)) {
    test(`${locale} ${device}: a message pasted past its limit is kept whole and the field says by how much`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ locale, viewport });
      const page = await context.newPage();
      await page.goto("/contact");
      const content = page.locator("#lead-content");
      await content.fill("请寄送价目表。".repeat(150)); // 1,050 characters pasted at once
      await expect(content).toHaveValue("请寄送价目表。".repeat(150));
      await expect(page.locator("#lead-content-counter")).toHaveText("1050 / 1000");
      await expect(content).toHaveAttribute("aria-invalid", "true"); // marked at once
      await content.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, `too-long-${locale}-${device}`);
      await page.getByRole("button", { name: /Send inquiry|提交咨询/ }).click();
      await expect(page.locator("#lead-content-error")).toHaveText(locale === "en" ? "Your message has at most 1000 characters" : "留言内容最多 1000 个字符");
      await expect(content).toHaveValue("请寄送价目表。".repeat(150)); // still whole: the customer decides what to cut
      await screenshot(page, testInfo, `too-long-pressed-${locale}-${device}`);
      await context.close();
    });
  }
}
