// Issue 26, item 3 (follow-up tasks), in both languages on the production build: on a lead's
// page a task due in the past is refused in the page's language and nothing is added; a task
// due tomorrow (picked in the staff member's time zone) is added and on the timeline; once due
// (the harness runs no worker, so the time is moved back with SQL) it is marked overdue on the
// page, and the lead carries a "Task due" badge in the list's "Tasks due" view; ticked done it
// leaves that view and the timeline says who completed it. Alice's own open tasks are folded
// above the list ("My open tasks").
import { expect, test } from "@playwright/test";
import { signInAs, submitInquiry } from "./dashboard-support";
import { screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { db } from "./support";
import { flowLocales } from "./matrix";

const [alice] = E2E_STAFF as unknown as [(typeof E2E_STAFF)[number]];

const TEXT = {
  en: {
    search: "Search",
    region: "Tasks",
    what: "Task",
    due: "Due",
    for: "For",
    add: "Add task",
    added: "Task added.",
    refused: "Not saved: the due time has passed; choose a time from now on.",
    overdue: "Overdue",
    done: (title: string) => `Done: ${title}`,
    addedEvent: (title: string) => new RegExp(`^Alice Sales added a task for .+: “${title}”, due `),
    completedEvent: (title: string) => `Alice Sales completed the task “${title}”`,
    view: "Tasks due",
    badge: "Task due",
    myTasks: /^My open tasks: \d+ · 1 overdue$/,
  },
  "zh-CN": {
    search: "搜索",
    region: "任务",
    what: "任务内容",
    due: "截止时间",
    for: "执行人",
    add: "添加任务",
    added: "已添加任务。",
    refused: "未保存：截止时间已过；请选择现在之后的时间。",
    overdue: "已逾期",
    done: (title: string) => `完成：${title}`,
    addedEvent: (title: string) => new RegExp(`^Alice Sales 添加了任务（执行人 .+）：“${title}”，截止 `),
    completedEvent: (title: string) => `Alice Sales 完成了任务“${title}”`,
    view: "到期任务",
    badge: "任务到期",
    myTasks: /^我的待办任务：\d+ 项 · 1 项已逾期$/,
  },
} as const;

/** A datetime-local value (YYYY-MM-DDTHH:mm) in Asia/Shanghai, the zone the sign-in's browser runs in. */
const shanghaiWallTime = (at: Date) => at.toLocaleString("sv-SE", { timeZone: "Asia/Shanghai" }).slice(0, 16).replace(" ", "T");

for (const locale of flowLocales("en")) {
  const L = TEXT[locale];
  test(`follow-up tasks: refused in the past, added, overdue in the list, completed (${locale})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const number = await submitInquiry({ content: `Please call me back next week (${locale})` });
    const admin = await signInAs(browser, alice, locale);
    const openLead = async () => {
      await admin.goto("/dashboard/leads");
      await admin.getByRole("searchbox", { name: L.search }).fill(number);
      await expect(admin).toHaveURL(new RegExp(`[?&]q=${number}`));
      await admin.getByRole("link", { name: number }).first().click();
      await expect(admin.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
    };
    try {
      await openLead();
      const tasks = admin.getByRole("region", { name: L.region, exact: true });
      const title = locale === "en" ? "Call back about 200 copies" : "回电话确认 200 本的价格";

      // A due time in the past: refused in the page's language, nothing added.
      await tasks.getByLabel(L.what, { exact: true }).fill(title);
      await tasks.getByLabel(L.due, { exact: true }).fill(shanghaiWallTime(new Date(Date.now() - 2 * 3_600_000)));
      await tasks.getByRole("button", { name: L.add }).click();
      await expect(admin.getByTestId("task-status")).toHaveText(L.refused);
      await expect(tasks.getByTestId("task")).toHaveCount(0);

      // Tomorrow, for Alice herself: added, on the timeline.
      await tasks.getByLabel(L.for, { exact: true }).selectOption({ label: "Alice Sales" });
      await tasks.getByLabel(L.due, { exact: true }).fill(shanghaiWallTime(new Date(Date.now() + 24 * 3_600_000)));
      await tasks.getByRole("button", { name: L.add }).click();
      await expect(admin.getByTestId("task-status")).toHaveText(L.added);
      await expect(tasks.getByTestId("task")).toHaveCount(1);
      await expect(tasks.getByTestId("task")).toContainText(title);
      await expect(admin.getByTestId("timeline").locator("[data-kind=task]").first()).toHaveText(L.addedEvent(title));

      // Due five minutes ago (what the clock would have come to): overdue on the page.
      await db().query(`update lead_task set due_at = now() - interval '5 minutes' where lead_id = (select id from lead where number = $1)`, [
        Number(number.slice(3)),
      ]);
      await admin.reload();
      await expect(tasks.getByTestId("task-overdue")).toHaveText(L.overdue);
      await screens(admin, `lead-tasks-${locale}`);

      // In the list's "Tasks due" view, with its badge.
      await admin.goto("/dashboard/leads");
      await admin.getByRole("button", { name: L.view, exact: true }).click();
      await expect(admin).toHaveURL(/[?&]tasks=due/);
      const row = admin.getByTestId("lead-row").filter({ hasText: number });
      await expect(row.getByTestId("task-due-badge")).toHaveText(L.badge);
      // Alice's own open tasks, folded above the list.
      await expect(admin.getByTestId("my-tasks").locator("summary")).toHaveText(L.myTasks);
      await admin.getByTestId("my-tasks").locator("summary").click();
      await expect(admin.getByTestId("my-tasks").getByRole("link", { name: number })).toBeVisible();
      await screens(admin, `leads-task-due-${locale}`);

      // Done: off the view, and on the timeline.
      await row.getByRole("link", { name: number }).click();
      await tasks.getByRole("checkbox", { name: L.done(title) }).check();
      await expect(tasks.getByTestId("task")).toHaveAttribute("data-done", "true");
      await expect(
        admin
          .getByTestId("timeline")
          .locator("[data-kind=task]")
          .filter({ hasText: L.completedEvent(title) }),
      ).toHaveCount(1);
      await admin.goto("/dashboard/leads?tasks=due");
      await expect(admin.getByTestId("lead-row").filter({ hasText: number })).toHaveCount(0);
    } finally {
      await admin.context().close();
    }
  });
}
