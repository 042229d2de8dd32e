// Pages without personal data (catalog, guide, contact) may be kept by the browser for Back and
// Forward (`private, no-cache`, apps/web/page-cache.mjs); /me is sent `no-store` (what the
// browser then does is its own policy: Chromium may still keep such a page while no cookie
// changes). The header links are full page loads, so Back really leaves and re-enters the page:
// a marker set on the window survives only if Chromium restored it from its back/forward cache.
import { chromium, expect, test } from "@playwright/test";
import config from "../playwright.config";
import { CHROMIUM_PATH } from "../chromium";

test("pages without personal data may be kept for Back and Forward; /me is no-store", async ({ request, baseURL }) => {
  for (const path of ["/guides", "/guides/sample-guide", "/contact"]) expect((await request.get(path)).headers()["cache-control"]).toBe("private, no-cache");
  expect((await request.get("/me")).headers()["cache-control"]).toContain("no-store");

  // Playwright turns the cache off by default; this browser keeps it, as a customer's does. The
  // whole browser, not the headless shell the other tests drive: the shell has no such cache.
  const browser = await chromium.launch({
    ...config.use?.launchOptions,
    executablePath: CHROMIUM_PATH,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  });
  try {
    const page = await browser.newPage({ baseURL });
    const kept = () => page.evaluate(() => (window as unknown as { keptInMemory?: boolean }).keptInMemory === true);
    // Chromium keeps a page only if nothing is still loading when it is left (covers, the
    // engine): leave it as a reader would, once it has loaded.
    await page.goto("/guides", { waitUntil: "networkidle" });
    await page.evaluate(() => Object.assign(window, { keptInMemory: true }));
    await page.getByRole("link", { name: "Sample Ordering Guide" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sample Ordering Guide" })).toBeVisible();
    await page.goBack({ waitUntil: "commit" }); // a restored page fires no new load event
    await expect(page.getByRole("heading", { level: 1, name: "Sample guides" })).toBeVisible();
    expect(await kept(), "the catalog was restored from the back/forward cache").toBe(true);
  } finally {
    await browser.close();
  }
});
