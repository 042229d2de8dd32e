// The production pages run under their nonce-based Content-Security-Policy without a single
// violation: every script and style the app needs carries the nonce or comes from 'self'.
import { expect, test } from "@playwright/test";

for (const path of ["/guides", "/guides/sample-guide", "/contact", "/me", "/dashboard/sign-in", "/docs/api"]) {
  test(`${path} runs without Content-Security-Policy violations`, async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });
}
