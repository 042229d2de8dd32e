import { expect, test } from "@playwright/test";
import { HEALTH_TOKEN } from "./support";

test("the catalog lists the seeded guides in both languages", async ({ page }) => {
  await page.goto("/guides");
  await expect(page.getByRole("heading", { level: 1, name: "Sample guides" })).toBeVisible();
  const cards = page.getByTestId("guide-card");
  await expect(cards).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Sample Ordering Guide" })).toBeVisible();
  await expect(page.getByText("Sample Ordering Guide")).toBeVisible();
  await expect(page.getByText("资料订购示例指南")).toBeVisible();
});

test("the root redirects to the catalog", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/guides$/);
});

test("the health endpoint tells anyone the node is healthy, and monitoring the details", async ({ request }) => {
  const anonymous = await request.get("/api/health");
  expect(anonymous.status()).toBe(200);
  expect(await anonymous.json()).toEqual({ status: "ok" });
  const monitoring = await request.get("/api/health", { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
  expect(await monitoring.json()).toMatchObject({ status: "ok", database: "reachable", migrations: { current: true, pending: [] } });
});

test("a guide that does not exist is a 404 drawn once inside the shop's frame; an unknown address too", async ({ page }) => {
  for (const path of ["/guides/no-such-guide", "/no-such-page"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("banner")).toHaveCount(1); // the header once, not nested in itself
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveCount(1);
  }
});
