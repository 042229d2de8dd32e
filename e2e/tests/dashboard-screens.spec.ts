// The dashboard's pages as staff see them, at 1280×800 and 390×844, in English and Simplified
// Chinese: stored under e2e/artifacts/screens (dashboard-*.png) for people to look at. Each
// screen is also checked for its heading in the right language.
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DASHBOARD_LOCALES, signInAs, submitInquiry } from "./dashboard-support";
import { E2E_STAFF } from "./staff-accounts";

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SCREENS = join(import.meta.dirname, "../artifacts/screens");
const HEADINGS = {
  en: { leads: "Leads", orders: "Sample-guide orders", ops: "Operations", signIn: "Staff sign-in" },
  "zh-CN": { leads: "线索", orders: "样册订单", ops: "运行状况", signIn: "员工登录" },
} as const;

let number: string;
test.beforeAll(async ({ browser }) => {
  number = await submitInquiry(browser, { name: "王小明", company: "上海示例贸易有限公司", content: "想了解 200 份的价格。\n请尽快回复。" });
});

for (const locale of DASHBOARD_LOCALES) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`dashboard screens, ${locale} ${device}`, async ({ browser }) => {
      const headings = HEADINGS[locale];
      const shot = async (page: Page, name: string) => {
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: join(SCREENS, `dashboard-${locale}-${device}-${name}.png`), fullPage: true });
      };
      const page = await signInAs(browser, E2E_STAFF[0]!, locale, viewport);
      await expect(page.getByRole("heading", { level: 1, name: headings.leads })).toBeVisible();
      await expect(page.getByText(number).first()).toBeVisible();
      // Phones get cards, not the table.
      await expect(page.locator("table")).toHaveCount(device === "phone" ? 0 : 1);
      await shot(page, "leads");
      await page.getByRole("link", { name: number }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
      await shot(page, "lead");
      await page.goto("/dashboard/orders");
      await expect(page.getByRole("heading", { level: 1, name: headings.orders })).toBeVisible();
      await shot(page, "orders");
      await page.goto("/dashboard/ops");
      await expect(page.getByRole("heading", { level: 1, name: headings.ops })).toBeVisible();
      await shot(page, "ops");
      await page.context().clearCookies({ name: /session/ });
      await page.goto("/dashboard/sign-in");
      await expect(page.getByRole("heading", { level: 1, name: headings.signIn })).toBeVisible();
      await shot(page, "sign-in");
      await page.context().close();
    });
  }
}
