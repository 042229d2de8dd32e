// Issue 26, item 4 (merge), in both languages on the production build: a customer who sent
// twice under two keys (two real inquiries) shows up as "Same customer" on the second lead's
// page; merging the first into it puts the merge on the timeline, the first lead says where it
// went and leaves the list; undoing it from the timeline gives the first lead back.
import { expect, test } from "@playwright/test";
import { signInAs, submitInquiry } from "./dashboard-support";
import { screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { flowLocales } from "./matrix";

const [alice] = E2E_STAFF as unknown as [(typeof E2E_STAFF)[number]];

const TEXT = {
  en: {
    search: "Search",
    heading: "Same customer",
    merge: "Merge into this lead",
    done: "Merged: that lead's message, notes and history now show here.",
    merged: (n: string) => `${n} merged into this lead by Alice Sales`,
    mergedInto: "This lead is merged into",
    undo: "Undo the merge",
    undone: "Merge undone: that lead is a lead of its own again.",
    unmerged: (n: string) => `Merge of ${n} undone by Alice Sales`,
  },
  "zh-CN": {
    search: "搜索",
    heading: "同一客户",
    merge: "合并到此线索",
    done: "已合并：该线索的留言、备注和历史现在显示在这里。",
    merged: (n: string) => `Alice Sales 将 ${n} 合并到此线索`,
    mergedInto: "此线索已合并到",
    undo: "撤销合并",
    undone: "已撤销合并：该线索恢复为独立线索。",
    unmerged: (n: string) => `Alice Sales 撤销了 ${n} 的合并`,
  },
} as const;

for (const locale of flowLocales("en")) {
  const L = TEXT[locale];
  test(`merge: a second inquiry of one customer, merged and undone (${locale})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const phone = `136 ${String(Date.now()).slice(-8)}`;
    const first = await submitInquiry({ phone, content: "First: the price of 200 copies?" });
    const second = await submitInquiry({ phone, content: "Second: and delivery to Shenzhen?" });
    const admin = await signInAs(browser, alice, locale);
    const open = async (number: string) => {
      await admin.goto("/dashboard/leads");
      await admin.getByRole("searchbox", { name: L.search }).fill(number);
      await expect(admin).toHaveURL(new RegExp(`[?&]q=${number}`));
      await admin.getByRole("link", { name: number }).first().click();
      await expect(admin.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
    };
    await open(second);
    const card = admin.getByRole("region", { name: L.heading });
    await card.locator(`[data-testid="same-customer-lead"][data-number="${first}"]`).getByRole("button", { name: L.merge }).click();
    await expect(admin.getByTestId("merge-status")).toHaveText(L.done);
    const entry = admin
      .getByTestId("timeline")
      .locator("[data-kind=merge]")
      .filter({ hasText: L.merged(first) });
    await expect(entry).toHaveCount(1);
    await screens(admin, `lead-merged-${locale}`);

    // The first lead says where it went, and leaves the list.
    await admin.goto("/dashboard/leads");
    await admin.getByRole("searchbox", { name: L.search }).fill(first);
    await expect(admin).toHaveURL(new RegExp(`[?&]q=${first}`));
    await expect(admin.getByTestId("no-results")).toBeVisible();

    await open(second);
    await admin.getByTestId("timeline").getByRole("button", { name: L.undo }).click();
    await expect(admin.getByTestId("undo-merge-status")).toHaveText(L.undone);
    await expect(
      admin
        .getByTestId("timeline")
        .locator("[data-kind=merge]")
        .filter({ hasText: L.unmerged(first) }),
    ).toHaveCount(1);
    await open(first);
    await expect(admin.getByTestId("merged-into")).toHaveCount(0);
    await admin.context().close();
  });
}
