// The lead list and the lead page as sales work them (issue 13, items 2–4 and 6), in English and
// Simplified Chinese on the production build: one-character search, filters and sort in the URL,
// "no results" naming the filters with "clear all", saved views, counts per status, bulk changes
// reported per lead, a backwards status move asking for its reason, the activity timeline, and
// new leads appearing live, highlighted and counted in the tab title, with polling only while the
// live stream is down; and the assignment e-mail, once per assignment (the outbox rows read with
// SQL: the harness has no mail server, and its worker is off, playwright.config.ts).
import { expect, test, type Page } from "@playwright/test";
import { controlAtScreenFoot, DASHBOARD_LOCALES, signInAs, submitInquiry, type DashboardLocale } from "./dashboard-support";
import { VIEWPORTS } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { confirmedNumber, db, fillLead } from "./support";
import { runsIn } from "./matrix";

const TEXT = {
  en: {
    search: "Search",
    noResults: "No leads match",
    clearAll: "Clear all",
    unassigned: "Unassigned",
    name: "Name",
    assignTo: "Assign to",
    assign: "Assign",
    assignee: "Assignee",
    assignmentEmail: "Assignment e-mail",
    arrivedToBob: "Assigned on arrival to Bob Sales in round-robin",
    setStatus: "Set status",
    contacted: "contacted",
    newStatus: "new",
    changed: /2 changed/,
    stale: "changed by someone else",
    saved: "Saved.",
    reloadLead: "Reload the lead",
    won: "won",
    qualified: "qualified",
    reloadList: "Reload the list",
    statusLabel: /^Status/,
    reason: "Reason for moving back",
    confirm: "Change status",
    back: "Back to the list",
    technical: "Technical details",
    operation: "Operation record",
    note: "Add a note",
    addNote: "Add note",
    retryDelivery: "Retry delivery",
    deliveries: "Notifications to sales",
    serverError: "Something went wrong: an unexpected error on the server. Try again; if it keeps happening, tell your administrator.",
    noAnswer: "Something went wrong: the server did not answer (offline, or the server is restarting). Check the connection and try again.",
    markSeen: "Mark as seen",
    polling: "Live updates are unavailable",
    title: /^\(1\) Leads/,
  },
  "zh-CN": {
    search: "搜索",
    noResults: "没有符合条件的线索",
    clearAll: "清除全部筛选",
    unassigned: "未分配",
    name: "姓名",
    assignTo: "分配给",
    assign: "分配",
    assignee: "负责人",
    assignmentEmail: "分配通知邮件",
    arrivedToBob: "到达时轮流分配给 Bob Sales",
    setStatus: "设置状态",
    contacted: "contacted",
    newStatus: "new",
    changed: /已修改 2 条/,
    stale: "已有其他人修改",
    saved: "已保存。",
    reloadLead: "重新加载线索",
    won: "won",
    qualified: "qualified",
    reloadList: "重新加载列表",
    statusLabel: /^状态/,
    reason: "退回原因",
    confirm: "修改状态",
    back: "返回列表",
    technical: "技术详情",
    operation: "操作记录",
    note: "添加备注",
    addNote: "添加备注",
    retryDelivery: "重新投递",
    deliveries: "给销售的通知",
    serverError: "出错了：服务器发生意外错误。请重试；如果反复出现，请联系管理员。",
    noAnswer: "出错了：服务器没有响应（网络已断开，或服务器正在重启）。请检查网络后重试。",
    markSeen: "标记为已查看",
    polling: "实时更新暂不可用",
    title: /^（1）线索/,
  },
} as const;

/** What the API answers when a procedure fails on the server (tRPC's error shape, superjson, code INTERNAL). */
const internalError = (path: string) =>
  JSON.stringify({
    error: {
      json: {
        message: "Internal error",
        code: -32603,
        data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path, protocol: { code: "INTERNAL", retryable: true, status: 500 } },
      },
    },
  });

/**
 * A character of CJK Extension A that no lead holds yet: a one-character search finds only ours.
 * Drawn at random and checked, since ten draws from 6,576 characters meet now and then.
 */
async function rareCharacter(): Promise<string> {
  for (;;) {
    const mark = String.fromCodePoint(0x3400 + Math.floor(Math.random() * 0x19b0));
    const { rowCount } = await db().query(
      `select 1 from lead where strpos(name || ' ' || coalesce(company, '') || ' ' || content || ' ' || coalesce(email, ''), $1) > 0 limit 1`,
      [mark],
    );
    if (rowCount === 0) return mark;
  }
}

async function search(page: Page, locale: DashboardLocale, text: string) {
  await page.getByRole("searchbox", { name: TEXT[locale].search }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

for (const locale of DASHBOARD_LOCALES) {
  const L = TEXT[locale];
  test.describe(locale, () => {
    if (runsIn(locale, "zh-CN"))
      test("list: one-character search, URL state, no results with clear all, views, counts, sort, bulk report", async ({ browser }) => {
        const mark = await rareCharacter();
        const first = await submitInquiry({ name: `王${mark}` });
        const second = await submitInquiry({ name: `Anna ${mark}`, company: `Globex ${mark}` });
        const page = await signInAs(browser, E2E_STAFF[0]!, locale);

        await search(page, locale, mark);
        const rows = page.getByTestId("lead-row");
        await expect(rows).toHaveCount(2);
        await expect(rows.filter({ hasText: `Globex ${mark}` })).toHaveCount(1); // the company column
        await expect(page.getByTestId("status-counts").locator("[data-status=new]")).toContainText("2");
        await page.reload(); // the URL holds the list
        await expect(page.getByRole("searchbox", { name: L.search })).toHaveValue(mark);
        await expect(rows).toHaveCount(2);

        await page.getByRole("button", { name: L.name, exact: true }).click();
        await expect(page).toHaveURL(/sort=name/);
        await expect(rows.first()).toContainText(second); // "Anna …" before "王…"

        // Bulk: both handed from Bob (their owner on arrival: the only sales person) to Alice; then
        // one edited elsewhere is refused as stale, the other changed.
        await expect(rows.filter({ hasText: E2E_STAFF[1]!.name })).toHaveCount(2);
        await page.getByRole("checkbox", { name: new RegExp(first) }).check();
        await page.getByRole("checkbox", { name: new RegExp(second) }).check();
        await page.getByLabel(L.assignTo).selectOption({ label: E2E_STAFF[0]!.name });
        await page.getByRole("button", { name: L.assign, exact: true }).click();
        await expect(page.getByTestId("bulk-report")).toContainText(L.changed);
        await expect(rows.filter({ hasText: E2E_STAFF[0]!.name })).toHaveCount(2);
        await page.getByRole("checkbox", { name: new RegExp(first) }).check();
        await page.getByRole("checkbox", { name: new RegExp(second) }).check();
        await db().query(`update lead set version = version + 1 where number = $1`, [Number(first.slice(3))]);
        await page.getByLabel(L.setStatus).selectOption(L.contacted);
        await page.getByRole("button", { name: L.setStatus, exact: true }).click();
        const report = page.getByTestId("bulk-report");
        await expect(report.locator("[data-outcome=refused]")).toContainText(first);
        await expect(report.locator("[data-outcome=refused]")).toContainText(L.stale);
        await expect(report.locator("[data-outcome=updated]")).toContainText(second);
        await report.getByRole("button", { name: L.reloadList }).click();

        await search(page, locale, `${mark}zzz`);
        const none = page.getByTestId("no-results");
        await expect(none).toContainText(L.noResults);
        await expect(none).toContainText(`${mark}zzz`);
        await none.getByRole("button", { name: L.clearAll }).click();
        await expect(page).not.toHaveURL(/q=/);
        await expect(page.getByRole("searchbox", { name: L.search })).toHaveValue("");

        await page.getByRole("button", { name: L.unassigned, exact: true }).first().click();
        await expect(page).toHaveURL(/assignee=unassigned/);
        await page.context().close();
      });

    if (runsIn(locale, "en"))
      test("lead page: contact links, backwards move asks a reason, timeline, technical details, back to the filtered list", async ({ browser }) => {
        const mark = await rareCharacter();
        const number = await submitInquiry({ name: `李${mark}`, phone: "139 0013 9001" });
        const page = await signInAs(browser, E2E_STAFF[0]!, locale);
        await search(page, locale, mark);
        await page.getByRole("link", { name: number }).click();
        await expect(page.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
        await expect(page.locator('a[href^="tel:"]')).toHaveAttribute("href", "tel:13900139001");

        await page.getByLabel(L.statusLabel).selectOption(L.contacted);
        const timeline = page.getByTestId("timeline");
        await expect(timeline.locator("[data-kind=status]")).toHaveCount(1);
        await expect(timeline.locator("[data-kind=status]")).toContainText(E2E_STAFF[0]!.name);
        await page.getByLabel(L.statusLabel).selectOption(L.newStatus);
        await page.getByLabel(L.reason).fill("Wrong number — start over");
        await page.getByRole("button", { name: L.confirm }).click();
        await expect(timeline.locator("[data-kind=status]").nth(1)).toContainText("Wrong number — start over");

        await page.getByLabel(L.note).fill("Called twice.\nWill try tomorrow.");
        await page.getByRole("button", { name: L.addNote, exact: true }).click();
        await expect(timeline.locator("[data-kind=note]")).toContainText("Will try tomorrow.");

        await expect(page.getByRole("heading", { name: L.operation })).toBeHidden();
        await page.getByText(L.technical).click();
        await expect(page.getByRole("heading", { name: L.operation })).toBeVisible();

        await page.getByRole("link", { name: L.back }).click();
        await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(mark)}`));
        await expect(page.getByTestId("lead-row")).toHaveCount(1);
        await page.context().close();
      });

    if (runsIn(locale, "zh-CN"))
      test("lead page on a phone: a save's outcome (saved, conflict) is scrolled into view below the controls", async ({ browser }) => {
        const mark = await rareCharacter();
        const number = await submitInquiry({ name: `周${mark}` });
        const page = await signInAs(browser, E2E_STAFF[0]!, locale, VIEWPORTS.phone);
        await search(page, locale, mark);
        await page.getByRole("link", { name: number }).first().click();
        await expect(page.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
        const status = page.getByLabel(L.statusLabel);
        const message = page.getByTestId("update-status");

        await controlAtScreenFoot(status, message);
        await status.selectOption(L.contacted);
        await expect(message).toHaveText(L.saved);
        await expect(message).toBeInViewport();

        // Someone else moves the lead on meanwhile: this page's change is refused, and says so where it is read.
        const other = await signInAs(browser, E2E_STAFF[1]!, locale);
        await other.goto(page.url());
        await other.getByLabel(L.statusLabel).selectOption(L.qualified);
        await expect(other.getByTestId("update-status")).toHaveText(L.saved);
        await other.context().close();
        await controlAtScreenFoot(status, message);
        await status.selectOption(L.won);
        await expect(message).toContainText(L.stale);
        await expect(message).toBeInViewport();
        await expect(page.getByRole("button", { name: L.reloadLead })).toBeInViewport();
        await page.context().close();
      });

    if (runsIn(locale, "en"))
      test("lead page: a note or a delivery's retry that fails says why, where it was pressed; once through, each says saved", async ({ browser }) => {
        const mark = await rareCharacter();
        const number = await submitInquiry({ name: `吴${mark}` });
        // The new lead's e-mail (written to the outbox, never sent here) became a dead letter: an admin may retry it.
        await db().query(
          `update notification_delivery set status = 'dead', attempts = 8, last_error = 'connection refused'
         where kind = 'lead_created' and lead_id = (select id from lead where number = $1)`,
          [Number(number.slice(3))],
        );
        const page = await signInAs(browser, E2E_STAFF[0]!, locale); // an admin
        await search(page, locale, mark);
        await page.getByRole("link", { name: number }).click();
        await expect(page.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
        const notes = page.getByTestId("timeline").locator("[data-kind=note]");

        // The note's save fails on the server: the page says so, and the note is still there to send again.
        await page.route("**/api/trpc/dashboard.leads.addNote**", (route) =>
          route.fulfill({ status: 500, contentType: "application/json", body: internalError("dashboard.leads.addNote") }),
        );
        await page.getByLabel(L.note).fill("Left a voicemail.");
        await page.getByRole("button", { name: L.addNote, exact: true }).click();
        await expect(page.getByTestId("note-status")).toHaveText(L.serverError);
        await expect(page.getByTestId("note-status")).toBeInViewport();
        await expect(page.getByLabel(L.note)).toHaveValue("Left a voicemail.");
        await expect(notes).toHaveCount(0);
        await page.unroute("**/api/trpc/dashboard.leads.addNote**");
        await page.getByRole("button", { name: L.addNote, exact: true }).click();
        await expect(page.getByTestId("note-status")).toHaveText(L.saved);
        await expect(notes).toContainText("Left a voicemail.");

        // Sales (not an admin) see the dead delivery but no retry, and no outcome line for one.
        const sales = await signInAs(browser, E2E_STAFF[1]!, locale);
        await sales.goto(page.url());
        await expect(sales.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
        await expect(sales.getByRole("region", { name: L.deliveries })).toBeVisible();
        await expect(sales.getByRole("button", { name: L.retryDelivery })).toHaveCount(0);
        await expect(sales.getByTestId("requeue-status")).toHaveCount(0);
        await sales.context().close();

        // The retry gets no answer at all.
        await page.route("**/api/trpc/dashboard.deliveries.requeue**", (route) => route.abort());
        await page.getByRole("button", { name: L.retryDelivery }).click();
        await expect(page.getByTestId("requeue-status")).toHaveText(L.noAnswer);
        await expect(page.getByTestId("requeue-status")).toBeInViewport();
        await page.unroute("**/api/trpc/dashboard.deliveries.requeue**");
        await page.getByRole("button", { name: L.retryDelivery }).click();
        await expect(page.getByTestId("requeue-status")).toHaveText(L.saved);
        await expect(page.getByRole("button", { name: L.retryDelivery })).toBeHidden(); // pending again
        await page.context().close();
      });

    if (runsIn(locale, "zh-CN"))
      test("assignment e-mail: one per assignment (on arrival too); the same assignee again sends none, another assignee one more", async ({ browser }) => {
        const mark = await rareCharacter();
        const number = await submitInquiry({ name: `赵${mark}` });
        const [alice, bob] = [E2E_STAFF[0]!, E2E_STAFF[1]!];
        /** Whom the lead's assignment e-mails in the outbox tell, in the order of the assignments. */
        const told = async () =>
          (
            await db().query<{ email: string }>(
              `select u.email from notification_delivery d join lead l on l.id = d.lead_id join staff_user u on u.id = d.recipient_id
             where l.number = $1 and d.kind = 'lead_assigned' and d.channel = 'email' order by d.lead_version`,
              [Number(number.slice(3))],
            )
          ).rows.map((r) => r.email);
        const assignmentEmails = (page: Page) => page.getByTestId("timeline").locator("[data-kind=delivery]").filter({ hasText: L.assignmentEmail });

        // The lead arrived assigned to Bob, the only sales person: one e-mail, to Bob, on the
        // lead's timeline beside "assigned on arrival".
        const page = await signInAs(browser, alice, locale);
        await search(page, locale, mark);
        await page.getByRole("link", { name: number }).click();
        await expect(page.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
        await expect(page.getByLabel(L.assignee, { exact: true })).toHaveValue(/.+/);
        await expect(page.getByTestId("timeline").locator("[data-kind=assignee]")).toContainText([L.arrivedToBob]);
        await expect.poll(told).toEqual([bob.email]);
        await expect(assignmentEmails(page)).toHaveCount(1);

        // Assigned to Bob again from the list: already so, no new e-mail.
        await page.getByRole("link", { name: L.back }).click();
        await page.getByRole("checkbox", { name: new RegExp(number) }).check();
        await page.getByLabel(L.assignTo).selectOption({ label: bob.name });
        await page.getByRole("button", { name: L.assign, exact: true }).click();
        await expect(page.getByTestId("bulk-report").locator("[data-outcome=unchanged]")).toContainText(number);
        expect(await told()).toEqual([bob.email]);
        await page.context().close();

        // Bob hands it to Alice: one more e-mail, to Alice.
        const other = await signInAs(browser, bob, locale);
        await search(other, locale, mark);
        await other.getByRole("link", { name: number }).click();
        await expect(other.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
        await other.getByLabel(L.assignee, { exact: true }).selectOption({ label: alice.name });
        await expect(other.getByTestId("timeline").locator("[data-kind=assignee]")).toHaveCount(2);
        await expect.poll(told).toEqual([bob.email, alice.email]);
        await expect(assignmentEmails(other)).toHaveCount(2);
        await other.context().close();
      });

    if (runsIn(locale, "en"))
      test("live: a new lead appears within a second, highlighted and counted in the title, without polling", async ({ browser }) => {
        const page = await signInAs(browser, E2E_STAFF[1]!, locale);
        const lists: number[] = [];
        page.on("request", (r) => r.url().includes("dashboard.leads.list") && lists.push(Date.now()));
        await expect(page.getByTestId("live-polling")).toBeHidden();
        const idleFrom = Date.now();
        await page.waitForTimeout(2_500);
        expect(lists.filter((t) => t > idleFrom)).toEqual([]); // live: no polling

        const customer = await (await browser.newContext()).newPage();
        await customer.goto("/contact");
        await fillLead(customer, `136 ${String(Date.now()).slice(-8)}`);
        await customer.getByRole("button", { name: /Send inquiry|提交咨询/ }).click();
        const number = await confirmedNumber(customer);
        const confirmedAt = Date.now(); // the customer sees the confirmation
        const row = page.getByTestId("lead-row").filter({ hasText: number });
        await expect(row).toBeVisible({ timeout: 1_000 });
        expect(Date.now() - confirmedAt).toBeLessThan(1_000);
        await expect(row).toHaveAttribute("data-fresh", "true");
        await expect(page).toHaveTitle(L.title);
        await page.getByRole("button", { name: L.markSeen }).click();
        await expect(page).not.toHaveTitle(/^[(（]/);
        await customer.context().close();
        await page.context().close();
      });

    if (runsIn(locale, "zh-CN"))
      test("live stream down (a proxy that buffers it): the list says so and polls", async ({ browser }) => {
        const page = await signInAs(browser, E2E_STAFF[1]!, locale);
        await page.route("**/api/trpc/dashboard.leads.onCreated**", (route) => route.abort());
        await page.reload();
        await expect(page.getByTestId("live-polling")).toContainText(L.polling);
        const late = await submitInquiry({ name: "Polled 轮询" });
        await expect(page.getByTestId("lead-row").filter({ hasText: late })).toBeVisible({ timeout: 5_000 });
        await page.context().close();
      });
  });
}
