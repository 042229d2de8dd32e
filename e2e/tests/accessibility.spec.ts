// Every customer page: no serious or critical axe violations, usable at 360 px, switchable language.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

for (const path of ["/guides", "/guides/sample-guide", "/contact", "/me", "/docs/api"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("the order page fits a 360 px phone without horizontal scrolling", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto("/guides/sample-guide");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await page.getByRole("button", { name: "Place order" }).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await context.close();
});

test("the language follows the browser and can be switched", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await page.goto("/guides");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { level: 1, name: "资料样册" })).toBeVisible();
  await expect(page.getByRole("group", { name: "语言" }).getByRole("button", { name: "简体中文" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("group", { name: "语言" }).getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sample guides" })).toBeVisible();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.close();
});

test("the form is usable by keyboard alone", async ({ page, context }) => {
  await page.goto("/guides/sample-guide");
  await page.getByLabel("Quantity").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(/^Name/)).toBeFocused();
  await page.keyboard.type("Keyboard User");
  await page.keyboard.press("Tab");
  await page.keyboard.type("13800000001");
  await page.keyboard.press("Tab");
  await page.keyboard.type("2 Keyboard Road");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Place order" })).toBeFocused();
  await page.keyboard.press("Enter");
  // The submission's own live region announces the outcome. (An Enter before the page's
  // JavaScript has run is held by the page's inline script, whose note is a second live region
  // saying "Sending your request" until the engine takes the press over.)
  await expect(page.getByTestId("submission-status").getByRole("status")).toContainText(/Order confirmed: SO-\d+/);
  await expect(page.getByTestId("held-note")).toBeHidden();
  const { countOrders } = await import("./support");
  expect(await countOrders(context)).toBe(1);
});
