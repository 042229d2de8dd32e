// Issue 26, item 5 (reconciliation, 对账), in both languages on the production build: today's
// page counts a lead that has just arrived, lists it as a gap until someone answers it, and the
// export is a CSV in the reader's language; the ops page shows the time to an owner and to a
// first response.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInAs, submitInquiry } from "./dashboard-support";
import { screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { flowLocales } from "./matrix";

const [alice] = E2E_STAFF as unknown as [(typeof E2E_STAFF)[number]];

const TEXT = {
  en: {
    nav: "Reconciliation",
    heading: "Reconciliation",
    received: "Leads received",
    noResponse: "no first response yet",
    export: "Export CSV",
    csvHead: '"metric","value"',
    note: "Add a note",
    addNote: "Add note",
    ops: "Operations",
    respond: "Time to a first response",
  },
  "zh-CN": {
    nav: "对账",
    heading: "对账",
    received: "收到线索",
    noResponse: "尚未首次响应",
    export: "导出 CSV",
    csvHead: '"指标","数值"',
    note: "添加备注",
    addNote: "添加备注",
    ops: "运行状况",
    respond: "首次响应用时",
  },
} as const;

for (const locale of flowLocales("zh-CN")) {
  const L = TEXT[locale];
  test(`reconciliation: today's leads, their gaps, the export (${locale})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const number = await submitInquiry({ content: `Reconcile me (${locale})` });
    const admin = await signInAs(browser, alice, locale);
    await admin.getByRole("link", { name: L.nav, exact: true }).click();
    await expect(admin.getByRole("heading", { level: 1, name: L.heading })).toBeVisible();
    const gap = admin.getByTestId("reconciliation-gap").filter({ hasText: number }).filter({ hasText: L.noResponse });
    await expect(gap).toHaveCount(1);
    await expect(admin.getByTestId("reconciliation-summary")).toContainText(L.received);
    await screens(admin, `reconciliation-${locale}`);

    const download = admin.waitForEvent("download");
    await admin.getByRole("button", { name: L.export }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^reconciliation-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await file.path(), "utf8");
    expect(text.startsWith(`\uFEFF${L.csvHead}`)).toBe(true);
    expect(text).toContain(`"${number}","${L.noResponse}"`);

    // Answered: the gap goes.
    await gap.getByRole("link", { name: number }).click();
    await admin.getByLabel(L.note).fill("Called back, sending the price list.");
    await admin.getByRole("button", { name: L.addNote }).click();
    await expect(admin.getByTestId("note-status")).not.toBeEmpty();
    await admin.goto("/dashboard/reconciliation");
    await expect(admin.getByTestId("reconciliation-summary")).toBeVisible();
    await expect(admin.getByTestId("reconciliation-gap").filter({ hasText: number }).filter({ hasText: L.noResponse })).toHaveCount(0);

    await admin.getByRole("link", { name: L.ops, exact: true }).click();
    await expect(admin.getByTestId("ops-times")).toContainText(L.respond);
    await admin.context().close();
  });
}
