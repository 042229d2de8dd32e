// Saved views of the lead list on the server (issue 26, item 7), in both languages on the
// production build: Alice saves the filtered list as a view shared with the team (a second view
// under the same name is refused in the page's language); Bob, in another browser, sees it as
// "Shared by Alice Sales" and opens it (the list shows the filtered lead); Alice stops sharing it
// and Bob no longer sees it; an admin is told they may delete a view someone else shares, and
// does, after a confirmation. Views an older version kept in localStorage are moved to the
// server on the first load, once even when two tabs load together, and leave localStorage.
import { expect, test, type Page } from "@playwright/test";
import { DASHBOARD_LOCALES, signInAs, submitInquiry } from "./dashboard-support";
import { screens, VIEWPORTS } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { db } from "./support";
import { runsIn } from "./matrix";

const [alice, bob] = E2E_STAFF as unknown as [(typeof E2E_STAFF)[number], (typeof E2E_STAFF)[number]];

const TEXT = {
  en: {
    search: "Search",
    save: "Save this view",
    name: "Name of the view",
    share: "Share with the team",
    confirm: "Save",
    taken: (name: string) => `Not saved: you already have a view named “${name}”.`,
    sharedBy: "Shared by Alice Sales",
    sharedByBob: "Shared by Bob Sales",
    manage: "Manage views",
    unshare: "Stop sharing",
    sharedMine: "Shared with the team",
    adminMay: "As an admin you may delete a view someone else shares.",
    adminDeletes: "As an admin you delete it for the whole team, its owner too.",
    delete: "Delete",
    deleteConfirm: (name: string) => `Delete the view “${name}”?`,
  },
  "zh-CN": {
    search: "搜索",
    save: "保存当前视图",
    name: "视图名称",
    share: "共享给团队",
    confirm: "保存",
    taken: (name: string) => `未保存：你已有名为“${name}”的视图。`,
    sharedBy: "Alice Sales 共享",
    sharedByBob: "Bob Sales 共享",
    manage: "管理视图",
    unshare: "取消共享",
    sharedMine: "已共享给团队",
    adminMay: "作为管理员，你可以删除其他人共享的视图。",
    adminDeletes: "作为管理员，你将为整个团队（包括创建者）删除它。",
    delete: "删除",
    deleteConfirm: (name: string) => `删除视图“${name}”？`,
  },
} as const;

/** Two characters of CJK Extension A: a search for them finds only this test's lead. */
const rareMark = () => Array.from({ length: 2 }, () => String.fromCodePoint(0x3400 + Math.floor(Math.random() * 0x19b0))).join("");

const chip = (page: Page, name: string) => page.getByTestId("saved-view").filter({ hasText: name });

async function saveView(page: Page, L: (typeof TEXT)[keyof typeof TEXT], name: string, shared: boolean) {
  await page.getByRole("button", { name: L.save }).click();
  await page.getByRole("textbox", { name: L.name }).fill(name);
  if (shared) await page.getByRole("checkbox", { name: L.share }).check();
  await page.getByRole("button", { name: L.confirm, exact: true }).click();
}

const rowsNamed = async (name: string) => (await db().query<{ n: number }>(`select count(*)::int as n from saved_view where name = $1`, [name])).rows[0]!.n;

for (const locale of DASHBOARD_LOCALES) {
  const L = TEXT[locale];
  if (runsIn(locale, "zh-CN"))
    test(`${locale}: a view saved and shared by one person is seen and opened by another until unshared`, async ({ browser }) => {
      test.setTimeout(120_000); // two staff sessions, two leads, screenshots at two sizes
      const mark = rareMark();
      const number = await submitInquiry({ name: `视图 ${mark}` });
      await submitInquiry({ name: "Someone else" });
      const name = `Team ${mark}`;

      const a = await signInAs(browser, alice, locale);
      await a.goto(`/dashboard/leads?q=${encodeURIComponent(mark)}`);
      await expect(a.getByTestId("lead-row")).toHaveCount(1);
      await saveView(a, L, name, true);
      await expect(chip(a, name)).toHaveAttribute("aria-current", "true");
      await expect(chip(a, name).getByRole("img", { name: L.sharedMine })).toBeVisible();
      // The same name again, for other filters: refused in the page's language, nothing saved.
      await a.goto(`/dashboard/leads?q=${encodeURIComponent(mark)}&dup=1`);
      await saveView(a, L, `  ${name} `, false);
      await expect(a.getByTestId("saved-view-error")).toHaveText(L.taken(name));
      expect(await rowsNamed(name)).toBe(1);
      await screens(a, `saved-views-refused-${locale}`);

      const b = await signInAs(browser, bob, locale);
      await expect(chip(b, name)).toContainText(L.sharedBy);
      await chip(b, name).click();
      await expect(b).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(mark)}$`));
      await expect(b.getByRole("searchbox", { name: L.search })).toHaveValue(mark);
      await expect(b.getByTestId("lead-row")).toHaveCount(1);
      await expect(b.getByTestId("lead-row")).toContainText(number);
      await screens(b, `saved-views-shared-${locale}`);

      // Bob shares one of his own; Alice, an admin, is told she may delete it.
      const bobs = `Bob ${mark}`;
      await b.goto("/dashboard/leads?status=new&sort=name");
      await saveView(b, L, bobs, true);
      await expect(chip(b, bobs)).toBeVisible();

      await a.reload();
      await a.getByRole("button", { name: L.manage }).click();
      const manage = a.getByTestId("manage-views");
      await expect(manage.getByTestId("manage-view").filter({ hasText: name })).toContainText(L.sharedMine);
      const bobsRow = manage.getByTestId("manage-view").filter({ hasText: bobs });
      await expect(bobsRow).toContainText(L.sharedByBob);
      await expect(bobsRow).toContainText(L.adminMay);
      await screens(a, `saved-views-manage-${locale}`);
      // On a phone the bar and the panel wrap: nothing wider than the screen.
      await a.setViewportSize(VIEWPORTS.phone);
      expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await a.setViewportSize(VIEWPORTS.desktop);

      await bobsRow.getByRole("button", { name: L.delete }).click();
      const confirmation = bobsRow.getByRole("alertdialog", { name: L.deleteConfirm(bobs) });
      await expect(confirmation).toContainText(L.adminDeletes);
      await screens(a, `saved-views-confirm-${locale}`);
      await confirmation.getByRole("button", { name: L.delete }).click();
      await expect(bobsRow).toHaveCount(0);
      expect(await rowsNamed(bobs)).toBe(0);

      // Alice stops sharing hers: Bob no longer sees it.
      const mine = manage.getByTestId("manage-view").filter({ hasText: name });
      await mine.getByRole("button", { name: L.unshare }).click();
      await expect(mine).not.toContainText(L.sharedMine);
      const listed = b.waitForResponse((response) => response.url().includes("dashboard.leads.views.list"));
      await b.reload();
      await listed;
      await expect(b.getByRole("button", { name: L.manage })).toHaveCount(0);
      await expect(chip(b, name)).toHaveCount(0);

      // Deleted after its confirmation.
      await mine.getByRole("button", { name: L.delete }).click();
      await mine
        .getByRole("alertdialog", { name: L.deleteConfirm(name) })
        .getByRole("button", { name: L.delete })
        .click();
      await expect(chip(a, name)).toHaveCount(0);
      expect(await rowsNamed(name)).toBe(0);
      await a.context().close();
      await b.context().close();
    });

  if (runsIn(locale, "en"))
    test(`${locale}: views kept in localStorage move to the server once, even from two tabs at once`, async ({ browser }) => {
      const mark = rareMark();
      const local = [
        { name: `Local ${mark}`, query: `?q=${encodeURIComponent(mark)}` },
        { name: `Local new ${mark}`, query: "?status=new" },
      ];
      const first = await signInAs(browser, alice, locale);
      await first.evaluate((views) => localStorage.setItem("once.dashboard.leads.views", JSON.stringify(views)), local);
      const context = first.context();
      const tabs = [first, await context.newPage()];
      await Promise.all(tabs.map((tab) => tab.goto("/dashboard/leads")));
      await expect.poll(() => first.evaluate(() => localStorage.getItem("once.dashboard.leads.views"))).toBeNull();
      for (const view of local) expect(await rowsNamed(view.name)).toBe(1);
      for (const tab of tabs) {
        await tab.reload();
        for (const view of local) await expect(chip(tab, view.name)).toBeVisible();
      }
      for (const view of local) expect(await rowsNamed(view.name)).toBe(1);
      await db().query(`delete from saved_view where name = any($1)`, [local.map((v) => v.name)]);
      await context.close();
    });
}
