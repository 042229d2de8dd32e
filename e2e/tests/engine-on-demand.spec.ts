// The submission engine (apps/web/src/submission/engine.tsx) is loaded only when needed: a page
// nobody fills in never loads it, and a form loads it when first touched. A submit pressed before
// it has arrived is held and sent once: order-flow.spec.ts.
import { expect, test, type Page } from "@playwright/test";

const scriptsLoaded = (page: Page) => page.evaluate(() => performance.getEntriesByType("resource").filter((e) => /\.js(\?|$)/.test(e.name)).length);

test("the catalog never loads the engine; a form loads it when first touched", async ({ page }) => {
  await page.goto("/guides");
  await page.waitForLoadState("networkidle");
  const catalog = await scriptsLoaded(page);
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("Tab");
  await page.waitForTimeout(1_000);
  expect(await scriptsLoaded(page)).toBe(catalog);

  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  const untouched = await scriptsLoaded(page);
  await page.waitForTimeout(1_000);
  expect(await scriptsLoaded(page)).toBe(untouched);
  await expect(page.locator("form[data-operation-key]")).toHaveCount(0);
  await page.getByLabel(/^Name/).focus();
  await expect.poll(() => scriptsLoaded(page)).toBeGreaterThan(untouched);
  await expect(page.locator("form[data-operation-key]")).toHaveCount(1);
});
