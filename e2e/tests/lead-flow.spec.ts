// The inquiry form under the same faults as the order form, where they apply.
import { expect, test } from "@playwright/test";
import { confirmedNumber, countLeads, fillLead, pendingBanner } from "./support";

const LEAD_SUBMIT = "**/api/trpc/lead.submit**";

test("a double click sends one inquiry", async ({ page, context }) => {
  await page.goto("/contact");
  await fillLead(page);
  await page.getByRole("button", { name: "Send inquiry" }).dblclick();
  await confirmedNumber(page);
  expect(await countLeads(context)).toBe(1);
});

test("a lost response, then a 500: pending, then one inquiry", async ({ page, context }) => {
  await page.goto("/contact");
  await fillLead(page, "139 0013 9001");
  let calls = 0;
  await page.route(LEAD_SUBMIT, async (route) => {
    calls++;
    if (calls === 1) {
      await route.fetch();
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  await page.route("**/api/trpc/operation.status**", async (route) => {
    // the first status check fails as well
    if (calls < 2) {
      calls++;
      return route.fulfill({ status: 500, contentType: "text/plain", body: "nope" });
    }
    return route.continue();
  });
  await page.getByRole("button", { name: "Send inquiry" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  await confirmedNumber(page);
  expect(await countLeads(context)).toBe(1);
});

test("offline, then reload while pending: one inquiry once back online", async ({ page, context }) => {
  await page.goto("/contact");
  await fillLead(page, "139 0013 9002");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Send inquiry" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  // Back online but the server is still unreachable, so the inquiry stays pending over a reload.
  await context.route(LEAD_SUBMIT, (route) => route.abort("internetdisconnected"));
  await context.setOffline(false);
  await page.reload();
  await expect(pendingBanner(page)).toBeVisible();
  await context.unroute(LEAD_SUBMIT);
  await confirmedNumber(page);
  expect(await countLeads(context)).toBe(1);
});

test("'send another inquiry' is a new operation", async ({ page, context }) => {
  await page.goto("/contact");
  await fillLead(page, "139 0013 9003");
  await page.getByRole("button", { name: "Send inquiry" }).click();
  const first = await confirmedNumber(page);
  await page.getByRole("button", { name: "Send another inquiry" }).click();
  await fillLead(page, "139 0013 9003");
  await page.getByRole("button", { name: "Send inquiry" }).click();
  await expect(page.getByTestId("confirmed-number")).not.toHaveAttribute("data-number", first);
  expect(await countLeads(context)).toBe(2);
});

test("field errors are shown next to each field, in the customer's language, and nothing is sent", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  let sent = 0;
  await page.route(LEAD_SUBMIT, (route) => {
    sent++;
    return route.continue();
  });
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "联系销售" })).toBeVisible();
  await page.getByLabel(/^电话/).fill("abc");
  // A text typed or pasted past the limit is never cut: the field is marked at once and says by
  // how much it is over; the press is refused in words.
  await page.getByLabel(/留言内容/).fill("x".repeat(999));
  await expect(page.getByLabel(/留言内容/)).not.toHaveAttribute("aria-invalid");
  await page.getByLabel(/留言内容/).pressSequentially("abc");
  await expect(page.getByLabel(/留言内容/)).toHaveValue(`${"x".repeat(999)}abc`);
  await expect(page.locator("#lead-content-counter")).toHaveText("1002 / 1000");
  await expect(page.getByLabel(/留言内容/)).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "提交咨询" }).click();
  await expect(page.locator("#lead-name-error")).toHaveText("请填写姓名");
  await expect(page.locator("#lead-phone-error")).toHaveText("请输入中国大陆手机号（以 1 开头的 11 位数字，可加 +86），或以 + 和国家代码开头的国际号码");
  await expect(page.locator("#lead-content-error")).toHaveText("留言内容最多 1000 个字符");
  await page.getByLabel(/留言内容/).press("Backspace");
  await page.getByLabel(/留言内容/).press("Backspace");
  await expect(page.locator("#lead-content-error")).toBeEmpty();
  await expect(page.getByLabel(/^姓名/)).toHaveAttribute("aria-invalid", "true");
  expect(sent).toBe(0);
  expect(await countLeads(context)).toBe(0);
  await context.close();
});
