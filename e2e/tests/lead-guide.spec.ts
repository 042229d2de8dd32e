// Issue 26, item 1 (assignment rules by guide), in both languages on the production build: an
// admin adds a rule for one guide's inquiries; a customer asks from that guide's page ("Ask us"
// under its order form), the inquiry form says which guide it is about and starts empty; the lead
// arrives as the rule's member's, its page names the guide. The rule is removed afterwards.
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { signInAs } from "./dashboard-support";
import { screens, VIEWPORTS } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { confirmedNumber, fillLead } from "./support";
import { flowLocales } from "./matrix";

const SCREENS = join(import.meta.dirname, "../artifacts/screens");
const [alice, bob] = E2E_STAFF as unknown as [(typeof E2E_STAFF)[number], (typeof E2E_STAFF)[number]];

const TEXT = {
  en: {
    title: "Retry and Idempotency Patterns",
    guideField: "Inquiries about a guide (asked from its page)",
    submit: "Add the rule",
    added: "Rule added.",
    ruleGuide: "About the guide “Retry and Idempotency Patterns”",
    ask: "Ask us",
    asked: "About the guide “Retry and Idempotency Patterns”",
    send: "Send inquiry",
    search: "Search",
    byRule: "Assigned on arrival to Bob Sales by an assignment rule",
    deleteRule: "Delete rule",
    deleted: "Rule deleted.",
  },
  "zh-CN": {
    title: "重试与幂等模式图解",
    guideField: "咨询的资料（从资料页面发起的咨询）",
    submit: "添加规则",
    added: "规则已添加。",
    ruleGuide: "咨询资料《重试与幂等模式图解》",
    ask: "向我们咨询",
    asked: "咨询资料：《重试与幂等模式图解》",
    send: "提交咨询",
    search: "搜索",
    byRule: "到达时按分配规则分配给 Bob Sales",
    deleteRule: "删除规则",
    deleted: "规则已删除。",
  },
} as const;

for (const locale of flowLocales("zh-CN")) {
  const L = TEXT[locale];
  test(`a guide's inquiries go to its rule's people, and the lead names the guide (${locale})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await signInAs(browser, alice, locale);
    const customer = await browser.newContext({ locale });
    try {
      await admin.goto("/dashboard/assignment");
      const form = admin.getByRole("region", { name: locale === "en" ? "Add a rule" : "添加规则" });
      await form.getByLabel(L.guideField).selectOption({ label: L.title });
      await form.getByLabel(bob.name, { exact: true }).check();
      await form.getByRole("button", { name: L.submit }).click();
      await expect(admin.getByTestId("assignment-message")).toHaveText(L.added);
      const rule = admin.getByTestId("assignment-rule").filter({ hasText: L.ruleGuide });
      await expect(rule).toHaveCount(1);
      await screens(admin, `assignment-guide-${locale}`);

      // The customer asks from the guide's page.
      const page = await customer.newPage();
      await page.goto("/guides/retry-patterns");
      await customer.addCookies([{ name: "lang", value: locale, url: new URL("/", page.url()).href }]);
      await page.reload();
      await page.getByRole("link", { name: L.ask, exact: true }).click();
      await expect(page).toHaveURL(/\/contact\?guide=retry-patterns$/);
      await expect(page.getByTestId("inquiry-guide")).toHaveText(L.asked);
      await expect(page.getByLabel(/Your message|留言内容/)).toHaveValue(""); // in stock: nothing to ask for but the question
      for (const [device, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: join(SCREENS, `contact-guide-${locale}-${device}.png`), fullPage: true });
      }
      await fillLead(page, `137 ${String(Date.now()).slice(-8)}`);
      await page.getByRole("button", { name: L.send }).click();
      const number = await confirmedNumber(page);

      await admin.goto("/dashboard/leads");
      await admin.getByRole("searchbox", { name: L.search }).fill(number);
      await expect(admin).toHaveURL(new RegExp(`[?&]q=${number}`));
      await admin.getByRole("link", { name: number }).click();
      await expect(admin.getByTestId("lead-guide")).toHaveText(L.title);
      await expect(admin.getByTestId("timeline").locator("[data-kind=assignee]")).toContainText([L.byRule]);

      await admin.goto("/dashboard/assignment");
      await rule.getByRole("button", { name: L.deleteRule }).click();
      await expect(admin.getByTestId("assignment-message")).toHaveText(L.deleted);
      await expect(rule).toHaveCount(0);
    } finally {
      await customer.close();
      await admin.context().close();
    }
  });
}
