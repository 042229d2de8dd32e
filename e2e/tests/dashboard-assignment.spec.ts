// Issue 26, item 1 (assignment at arrival), in both languages on the production build: a sales
// person sees who takes leads and may mark only themselves away; an admin adds a rule (a rule
// with no condition or no member is refused in the page's language), a lead matching it arrives
// as its member's, and with every member away the rule says it falls back and the next matching
// lead arrives in round-robin, each saying so on its timeline. The lead page's arrival entry
// is the proof: it is written in the transaction that creates the lead.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAs, submitInquiry, type DashboardLocale } from "./dashboard-support";
import { screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { flowLocales } from "./matrix";

const [alice, bob] = E2E_STAFF as unknown as [(typeof E2E_STAFF)[number], (typeof E2E_STAFF)[number]];

const TEXT = {
  en: {
    nav: "Assignment",
    heading: "Assignment",
    addRule: "Add a rule",
    keyword: "Keyword",
    submit: "Add the rule",
    markAway: "Mark away",
    markBack: "Mark back",
    needsCondition: "Not saved: a rule needs a guide, a keyword or a language; one with none would take every lead.",
    needsMember: "Not saved: choose at least one person for this rule.",
    added: "Rule added.",
    away: "Alice Sales is away: new leads pass them over.",
    back: "Alice Sales is back and takes new leads again.",
    fallsBack: "Nobody in this rule is available: its leads go to round-robin until someone is back.",
    deleteRule: "Delete rule",
    deleted: "Rule deleted.",
    search: "Search",
    byRule: "Assigned on arrival to Alice Sales by an assignment rule",
    fallback: "Assigned on arrival to Bob Sales in round-robin: nobody in the matching rule was available",
  },
  "zh-CN": {
    nav: "分配",
    heading: "线索分配",
    addRule: "添加规则",
    keyword: "关键词",
    submit: "添加规则",
    markAway: "设为不在",
    markBack: "设为可接单",
    needsCondition: "未保存：规则需要资料、关键词或语言；三者都没有会接收所有线索。",
    needsMember: "未保存：请至少选择一位接收人。",
    added: "规则已添加。",
    away: "Alice Sales 已设为不在：新线索不再分配给 TA。",
    back: "Alice Sales 已恢复接单。",
    fallsBack: "此规则中无人可接单：匹配的线索将轮流分配给所有人，直到有人恢复。",
    deleteRule: "删除规则",
    deleted: "规则已删除。",
    search: "搜索",
    byRule: "到达时按分配规则分配给 Alice Sales",
    fallback: "到达时轮流分配给 Bob Sales：匹配规则中无人可接",
  },
} as const;

const row = (page: Page, name: string) => page.locator(`[data-testid="assignee-row"][data-name="${name}"]`);

/** The lead page of `number`, read by a staff member in `locale`, says how it was assigned on arrival. */
async function expectArrival(browser: Browser, locale: DashboardLocale, number: string, how: string) {
  const page = await signInAs(browser, alice, locale);
  await page.getByRole("searchbox", { name: TEXT[locale].search }).fill(number);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${number}`)); // the list is filtered before its link is pressed
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
  await expect(page.getByTestId("timeline").locator("[data-kind=assignee]")).toContainText([how]);
  await page.context().close();
}

for (const locale of flowLocales("zh-CN")) {
  const L = TEXT[locale];
  test(`assignment: rules, away, fallback, each said on the lead (${locale})`, async ({ browser }) => {
    test.setTimeout(120_000); // two staff sessions, three leads, screenshots at two sizes
    const marker = `kw${locale.slice(0, 2)}${Date.now()}`;

    // A sales person: sees the page, can mark only themselves away, cannot add rules.
    const sales = await signInAs(browser, bob, locale);
    await sales.getByRole("link", { name: L.nav, exact: true }).click();
    await expect(sales.getByRole("heading", { level: 1, name: L.heading })).toBeVisible();
    await expect(row(sales, bob.name).getByRole("button", { name: L.markAway })).toBeVisible();
    await expect(row(sales, alice.name).getByRole("button")).toHaveCount(0);
    await expect(sales.getByRole("region", { name: L.addRule })).toHaveCount(0);
    await sales.context().close();

    const admin = await signInAs(browser, alice, locale);
    await admin.goto("/dashboard/assignment");
    const form = admin.getByRole("region", { name: L.addRule });
    const message = admin.getByTestId("assignment-message");
    // Bad input, said in the page's language, and nothing saved.
    await form.getByRole("button", { name: L.submit }).click();
    await expect(message).toHaveText(L.needsCondition);
    await form.getByLabel(L.keyword).fill(marker);
    await form.getByRole("button", { name: L.submit }).click();
    await expect(message).toHaveText(L.needsMember);
    await expect(admin.getByTestId("assignment-rule").filter({ hasText: marker })).toHaveCount(0);
    // A rule for the marker, taken by Alice alone.
    await form.getByLabel(alice.name, { exact: true }).check();
    await form.getByRole("button", { name: L.submit }).click();
    await expect(message).toHaveText(L.added);
    const rule = admin.getByTestId("assignment-rule").filter({ hasText: marker });
    await expect(rule).toHaveCount(1);
    await expect(rule.getByTestId("rule-falls-back")).toHaveCount(0);

    const byRule = await submitInquiry({ content: `Please send a quote (${marker})` });
    await expectArrival(browser, locale, byRule, L.byRule);

    // Alice away: the rule says it falls back, and the next matching lead goes to round-robin.
    await row(admin, alice.name).getByRole("button", { name: L.markAway }).click();
    await expect(message).toHaveText(L.away);
    await expect(rule.getByTestId("rule-falls-back")).toHaveText(L.fallsBack);
    await screens(admin, `assignment-${locale}`);
    const fallback = await submitInquiry({ content: `Another quote please (${marker})` });
    await expectArrival(browser, locale, fallback, L.fallback);

    // Back, and the rule removed: the shared harness is left as it was found.
    await row(admin, alice.name).getByRole("button", { name: L.markBack }).click();
    await expect(message).toHaveText(L.back);
    await rule.getByRole("button", { name: L.deleteRule }).click();
    await expect(message).toHaveText(L.deleted);
    await expect(rule).toHaveCount(0);
    await admin.context().close();
  });
}
