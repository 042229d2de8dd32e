// Issue 26, item 3 (the first-response clock), in both languages on the production build: an
// admin sets the team's target (a target of 0 minutes is refused in the page's language); a
// lead past its due time is in the "Overdue" view with its badge, and its page says how long it
// has waited; "I'll take it" makes it the presser's, stops the clock and takes it out of the
// view. The harness runs no worker, so the due time the worker would write is written with SQL.
import { expect, test } from "@playwright/test";
import { signInAs, submitInquiry } from "./dashboard-support";
import { screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { db } from "./support";
import { flowLocales } from "./matrix";

const [alice] = E2E_STAFF as unknown as [(typeof E2E_STAFF)[number]];

const TEXT = {
  en: {
    assignmentNav: "Assignment",
    minutes: "Target in minutes",
    businessHours: "Count only business hours",
    save: "Save the target",
    refusedZero: "Not saved: the target is a whole number of minutes from 1 to 1440.",
    saved: "Saved: leads still waiting are timed again by the new target.",
    summary: "20 minutes of business hours (09:00–18:00, Asia/Shanghai).",
    overdueView: "Overdue",
    overdueBadge: "Overdue",
    search: "Search",
    clockOverdue: /^overdue: waiting \d+ min, due by /,
    takeIt: "I'll take it",
    clockAnswered: /^after \d+ min$/,
    back: "Back to the list",
  },
  "zh-CN": {
    assignmentNav: "分配",
    minutes: "时限（分钟）",
    businessHours: "只计算工作时间",
    save: "保存时限",
    refusedZero: "未保存：时限须为 1 到 1440 之间的整数分钟。",
    saved: "已保存：仍在等待的线索将按新时限重新计时。",
    summary: "工作时间内 20 分钟（09:00–18:00，Asia/Shanghai）。",
    overdueView: "超时未响应",
    overdueBadge: "超时",
    search: "搜索",
    clockOverdue: /^已超时：已等待 \d+ 分钟，应在 .+ 前响应$/,
    takeIt: "我来跟进",
    clockAnswered: /^用时 \d+ 分钟$/,
    back: "返回列表",
  },
} as const;

for (const locale of flowLocales("en")) {
  const L = TEXT[locale];
  test(`first-response clock: the target, the Overdue view, I'll take it (${locale})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const admin = await signInAs(browser, alice, locale);
    try {
      await admin.getByRole("link", { name: L.assignmentNav, exact: true }).click();
      const form = admin.getByRole("region", { name: locale === "en" ? "First-response target" : "首次响应时限" });
      const message = admin.getByTestId("assignment-message");
      await form.getByLabel(L.minutes).fill("0");
      await form.getByRole("button", { name: L.save }).click();
      await expect(message).toHaveText(L.refusedZero);
      await form.getByLabel(L.minutes).fill("20");
      await form.getByLabel(L.businessHours).check();
      await form.getByRole("button", { name: L.save }).click();
      await expect(message).toHaveText(L.saved);
      await expect(form.getByTestId("target-summary")).toHaveText(L.summary);
      await screens(admin, `response-target-${locale}`);

      // A lead that arrived 25 minutes ago, due 5 minutes ago, unanswered (what the worker would have written).
      const number = await submitInquiry({ content: `Waiting for an answer (${locale})` });
      await db().query(
        `update lead set created_at = now() - interval '25 minutes', response_due_at = now() - interval '5 minutes', escalate_at = now() + interval '15 minutes' where number = $1`,
        [Number(number.slice(3))],
      );
      await admin.goto("/dashboard/leads");
      await admin.getByRole("button", { name: L.overdueView, exact: true }).click();
      await expect(admin).toHaveURL(/[?&]overdue=1/);
      const row = admin.getByRole("link", { name: number }).first();
      await expect(row).toBeVisible();
      await expect(admin.locator("tr, li").filter({ hasText: number }).getByTestId("overdue-badge").first()).toHaveText(L.overdueBadge);
      await screens(admin, `leads-overdue-${locale}`);
      await row.click();
      await expect(admin.getByTestId("response-clock")).toHaveText(L.clockOverdue);
      await admin.getByRole("button", { name: L.takeIt }).click();
      await expect(admin.getByTestId("response-clock")).toHaveText(L.clockAnswered);
      await expect(admin.getByRole("button", { name: L.takeIt })).toHaveCount(0);
      await admin.getByRole("link", { name: L.back }).click();
      await expect(admin).toHaveURL(/[?&]overdue=1/);
      await expect(admin.getByRole("link", { name: number })).toHaveCount(0);
    } finally {
      await db().query(`delete from team_settings`); // the default target for the other specs
      await admin.context().close();
    }
  });
}
