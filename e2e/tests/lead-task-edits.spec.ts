// Issue 42, item 2 (tasks can be corrected), in both languages on the production build, English
// on a desktop and Chinese on a phone (matrix.ts's diagonal; screens() shows both sizes of each):
// a task (set up with SQL) is edited in place, its title, due time and owner at once, and the
// timeline says what the edit replaced; an edit made on a version someone else changed meanwhile
// is a conflict in the page's language and overwrites nothing; a due time in the past is refused;
// done and then opened again, each on the timeline.
import { expect, test } from "@playwright/test";
import { signInAs, submitInquiry } from "./dashboard-support";
import { screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { db } from "./support";
import { devicesFor } from "./matrix";

const [alice] = E2E_STAFF as unknown as [(typeof E2E_STAFF)[number]];

const TEXT = {
  en: {
    region: "Tasks",
    what: "Task",
    due: "Due",
    for: "For",
    edit: (title: string) => `Edit task “${title}”`,
    save: "Save",
    cancel: "Cancel",
    forBob: "for Bob Sales",
    editedEvent: (title: string) => `Alice Sales changed the task “${title}”`,
    was: (title: string) => `was “${title}”`,
    owner: "for Alice Sales → Bob Sales",
    due2: /due .+ → .+/,
    conflict: "This was changed by someone else since you opened it; nothing was overwritten. Reload to see the change.",
    past: "Not saved: the due time has passed; choose a time from now on.",
    done: (title: string) => `Done: ${title}`,
    reopenedEvent: (title: string) => `Alice Sales reopened the task “${title}”`,
  },
  "zh-CN": {
    region: "任务",
    what: "任务内容",
    due: "截止时间",
    for: "执行人",
    edit: (title: string) => `编辑任务“${title}”`,
    save: "保存",
    cancel: "取消",
    forBob: "执行人：Bob Sales",
    editedEvent: (title: string) => `Alice Sales 修改了任务“${title}”`,
    was: (title: string) => `原内容：“${title}”`,
    owner: "执行人：Alice Sales → Bob Sales",
    due2: /截止时间：.+ → .+/,
    conflict: "自您打开以来，已有其他人修改了这条记录；您的修改没有覆盖对方。请重新加载查看最新内容。",
    past: "未保存：截止时间已过；请选择现在之后的时间。",
    done: (title: string) => `完成：${title}`,
    reopenedEvent: (title: string) => `Alice Sales 重新打开了任务“${title}”`,
  },
} as const;

/** A datetime-local value (YYYY-MM-DDTHH:mm) in Asia/Shanghai, the zone the sign-in's browser runs in. */
const shanghaiWallTime = (at: Date) => at.toLocaleString("sv-SE", { timeZone: "Asia/Shanghai" }).slice(0, 16).replace(" ", "T");

for (const locale of ["en", "zh-CN"] as const) {
  for (const [device, viewport] of devicesFor(locale)) {
    const L = TEXT[locale];
    test(`follow-up tasks corrected: title, due time and owner at once; a stale edit is a conflict; past refused; reopened (${locale}, ${device})`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const number = await submitInquiry({ content: `Please send the catalogue (${locale}, ${device})` });
      const original = locale === "en" ? "Send the catalogue" : "寄送产品目录";
      const corrected = locale === "en" ? "Send the catalogue and the price list" : "寄送产品目录和价目表";
      const {
        rows: [lead],
      } = await db().query<{ id: string }>(
        `insert into lead_task (id, lead_id, title, due_at, assignee_id, created_by_id)
         select gen_random_uuid(), l.id, $2, now() + interval '1 day', u.id, u.id from lead l, staff_user u where l.number = $1 and u.email = $3
         returning lead_id as id`,
        [Number(number.slice(3)), original, alice.email],
      );
      const admin = await signInAs(browser, alice, locale, viewport);
      try {
        await admin.goto(`/dashboard/leads/${lead!.id}`);
        const tasks = admin.getByRole("region", { name: L.region, exact: true });
        const task = tasks.getByTestId("task");
        await expect(task).toContainText(original);

        // Title, due time and owner in one edit.
        await tasks.getByRole("button", { name: L.edit(original) }).click();
        const form = tasks.getByTestId("task-edit");
        await form.getByLabel(L.what, { exact: true }).fill(corrected);
        await form.getByLabel(L.due, { exact: true }).fill(shanghaiWallTime(new Date(Date.now() + 3 * 24 * 3_600_000)));
        await form.getByLabel(L.for, { exact: true }).selectOption({ label: "Bob Sales" });
        await screens(admin, `lead-task-edit-${locale}`);
        await form.getByRole("button", { name: L.save }).click();
        await expect(form).toHaveCount(0);
        await expect(task).toContainText(corrected);
        await expect(task).toContainText(L.forBob);
        const edited = admin
          .getByTestId("timeline")
          .locator("[data-kind=task]")
          .filter({ hasText: L.editedEvent(corrected) });
        await expect(edited).toHaveCount(1);
        await expect(edited).toContainText(L.was(original));
        await expect(edited).toContainText(L.owner);
        await expect(edited).toContainText(L.due2);
        await screens(admin, `lead-task-edited-${locale}`);

        // Someone else changes the task while this form is open: the save is a conflict, nothing overwritten.
        await tasks.getByRole("button", { name: L.edit(corrected) }).click();
        await db().query(`update lead_task set title = 'Changed by Bob', version = version + 1 where lead_id = $1`, [lead!.id]);
        await form.getByLabel(L.what, { exact: true }).fill("Overwrite?");
        await form.getByRole("button", { name: L.save }).click();
        await expect(admin.getByTestId("task-edit-status")).toHaveText(L.conflict);
        await form.getByRole("button", { name: L.cancel }).click();
        await expect(task).toContainText("Changed by Bob");

        // A due time in the past: refused, the task as it was.
        await tasks.getByRole("button", { name: L.edit("Changed by Bob") }).click();
        await form.getByLabel(L.due, { exact: true }).fill(shanghaiWallTime(new Date(Date.now() - 2 * 3_600_000)));
        await form.getByRole("button", { name: L.save }).click();
        await expect(admin.getByTestId("task-edit-status")).toHaveText(L.past);
        await form.getByRole("button", { name: L.cancel }).click();

        // Done, then opened again: on the timeline.
        await tasks.getByRole("checkbox", { name: L.done("Changed by Bob") }).check();
        await expect(task).toHaveAttribute("data-done", "true");
        await tasks.getByRole("checkbox", { name: L.done("Changed by Bob") }).uncheck();
        await expect(task).not.toHaveAttribute("data-done");
        await expect(
          admin
            .getByTestId("timeline")
            .locator("[data-kind=task]")
            .filter({ hasText: L.reopenedEvent("Changed by Bob") }),
        ).toHaveCount(1);
        const { rows } = await db().query<{ title: string; version: number }>(`select title, version from lead_task where lead_id = $1`, [lead!.id]);
        expect(rows).toEqual([{ title: "Changed by Bob", version: 5 }]); // added 1, edited 2, Bob's 3, done 4, reopened 5
      } finally {
        await admin.context().close();
      }
    });
  }
}
