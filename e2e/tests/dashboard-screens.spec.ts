// The dashboard's pages as staff see them, at 1280×800 and 390×844, in English and Simplified
// Chinese: stored under e2e/artifacts/screens (dashboard-*.png) for people to look at. Each
// screen is also checked for its heading in the right language. On phones the lead, order and
// staff lists are cards (no table), and the order and staff lists fit the screen's width.
// Statuses and roles read as labels: capitalised in English ("New", "Admin"; issue 26, item 7);
// the ops chart has axes, values and a legend (the same item).
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DASHBOARD_LOCALES, signInAs, submitInquiry } from "./dashboard-support";
import { placeOrder } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SCREENS = join(import.meta.dirname, "../artifacts/screens");
const HEADINGS = {
  en: {
    leads: "Leads",
    signOut: "Sign out",
    orders: "Sample-guide orders",
    ops: "Operations",
    staff: "Staff accounts",
    signIn: "Staff sign-in",
    copies: "Copies: 3",
    packingOne: /1 selected/,
    statusNew: "New",
    received: "Received",
    roleAdmin: "Admin",
    active: "Active",
    replays: "Replays (a repeated key answered from its record)",
    filters: "Filters",
    filtersOne: "Filters (1)",
  },
  "zh-CN": {
    leads: "线索",
    signOut: "退出登录",
    orders: "样册订单",
    ops: "运行状况",
    staff: "员工账号",
    signIn: "员工登录",
    copies: "3 份",
    packingOne: /已选 1 个/,
    statusNew: "新线索",
    received: "已接收",
    roleAdmin: "管理员",
    active: "正常",
    replays: "重放（重复的编号按记录作答）",
    filters: "筛选",
    filtersOne: "筛选（1）",
  },
} as const;

/** A delivery address longer than the card's excerpt (60 characters), with no space to break at: the card must wrap it, not widen the page. */
const ADDRESS = "上海市浦东新区世纪大道100号上海环球金融中心52楼5201室前台代收请在工作日上午九点至下午六点之间送达如无人接听请致电前台转接谢谢";

let number: string;
let order: string;
test.beforeAll(async ({ browser }) => {
  number = await submitInquiry({ name: "王小明", company: "上海示例贸易有限公司", content: "想了解 200 份的价格。\n请尽快回复。" });
  order = await placeOrder(browser, 3, ADDRESS);
});

/**
 * The list's filters fold behind their button: open in one row on a desktop screen, folded on a
 * phone; either way the list's first row is on the first screen. Folding and unfolding works,
 * and a filter in force is counted on the button.
 */
async function checkFilters(page: Page, device: string, controls: string[], firstRow: string, headings: (typeof HEADINGS)[keyof typeof HEADINGS]) {
  const button = page.getByRole("button", { name: headings.filters, exact: true });
  const first = page.locator(`#${controls[0]}`);
  expect((await page.getByTestId(firstRow).first().boundingBox())!.y).toBeLessThan(page.viewportSize()!.height - 40);
  if (device === "phone") {
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(first).toBeHidden();
    await button.click();
    await expect(first).toBeVisible();
  } else {
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const tops = await Promise.all(controls.map(async (id) => Math.round((await page.locator(`#${id}`).boundingBox())!.y)));
    expect(new Set(tops).size, `${controls.join(", ")} in one row`).toBe(1);
    await button.click();
    await expect(first).toBeHidden();
    await button.click();
  }
  await first.selectOption({ index: 1 });
  await expect(page.getByRole("button", { name: headings.filtersOne, exact: true })).toBeVisible();
  await first.selectOption({ index: 0 });
  await expect(button).toBeVisible();
  if (device === "phone") await button.click(); // folded again for the screenshot
}

/** Nothing wider than the window: no sideways scrolling of the whole page. */
const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

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
      if (device === "desktop") {
        // An admin's header (seven destinations, the language switch, sign out) is one row at 1280 pixels.
        const header = page.locator("header").first();
        const [nav, signOut] = [header.getByRole("navigation"), header.getByRole("button", { name: headings.signOut })];
        expect(Math.abs((await nav.boundingBox())!.y - (await signOut.boundingBox())!.y)).toBeLessThan(12);
      }
      const lead = page.getByTestId("lead-row").filter({ hasText: number });
      await expect(lead.locator("[data-status=new]")).toHaveText(headings.statusNew);
      // Phones get cards, not the table.
      await expect(page.locator("table")).toHaveCount(device === "phone" ? 0 : 1);
      await checkFilters(page, device, ["lead-status", "lead-assignee", "lead-from", "lead-to"], "lead-row", headings);
      await shot(page, "leads");
      await page.getByRole("link", { name: number }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
      await shot(page, "lead");
      await page.goto("/dashboard/orders");
      await expect(page.getByRole("heading", { level: 1, name: headings.orders })).toBeVisible();
      const row = page.getByTestId("order-row").filter({ hasText: order });
      await expect(row).toBeVisible();
      await expect(row.locator("[data-status=received]")).toHaveText(headings.received);
      await expect(page.locator("table")).toHaveCount(device === "phone" ? 0 : 1);
      if (device === "phone") {
        // The card: number, status, guide, copies, name, phone to call, the address's start, time; its box selects for the packing list.
        await expect(row.getByRole("link", { name: order })).toBeVisible();
        await expect(row.locator("[data-status=received]")).toBeVisible();
        await expect(row).toContainText(headings.copies);
        await expect(row).toContainText("Wang Xiaoming");
        await expect(row.getByRole("link", { name: "13800138000" })).toHaveAttribute("href", "tel:13800138000");
        await expect(row).toContainText(`${ADDRESS.slice(0, 60)}…`);
        await row.getByRole("checkbox", { name: new RegExp(order) }).check();
        await expect(page.getByRole("link", { name: headings.packingOne })).toBeVisible();
        expect(await noHorizontalOverflow(page)).toBe(true);
      }
      await checkFilters(page, device, ["order-status", "order-guide", "order-from", "order-to"], "order-row", headings);
      await shot(page, "orders");
      await page.goto("/dashboard/ops");
      await expect(page.getByRole("heading", { level: 1, name: headings.ops })).toBeVisible();
      await expect(page.getByTestId("ops-times")).toBeVisible(); // the figures, not "Loading…"
      // The hourly chart reads without hovering: a value axis from 0, every third hour named, a legend.
      const chart = page.getByTestId("ops-chart");
      await expect(chart.getByTestId("ops-chart-tick")).toHaveCount(5);
      await expect(chart.getByTestId("ops-chart-tick").first()).toHaveText("0");
      for (const tick of await chart.getByTestId("ops-chart-tick").allTextContents()) expect(tick).toMatch(/^\d+$/); // whole counts
      await expect(chart.getByTestId("ops-chart-hour")).toHaveCount(8);
      await expect(chart.getByTestId("ops-chart-hour").first()).toHaveText(/^\d\d:00$/);
      await expect(page.getByText(headings.replays)).toBeVisible();
      if (device === "phone") expect(await noHorizontalOverflow(page)).toBe(true); // the chart scrolls inside its card
      await shot(page, "ops");
      // Staff accounts (Alice is an admin): cards on phones too, e-mails whole, nothing wider than the screen.
      await page.goto("/dashboard/staff");
      await expect(page.getByRole("heading", { level: 1, name: headings.staff })).toBeVisible();
      const bob = page.getByTestId("staff-row").filter({ hasText: E2E_STAFF[1]!.email });
      await expect(bob).toBeVisible();
      const alice = page.getByTestId("staff-row").filter({ hasText: E2E_STAFF[0]!.email });
      await expect(alice).toContainText(headings.roleAdmin);
      await expect(alice).toContainText(headings.active);
      await expect(page.locator("table")).toHaveCount(device === "phone" ? 0 : 1);
      if (device === "phone") expect(await noHorizontalOverflow(page)).toBe(true);
      await shot(page, "staff");
      await page.context().clearCookies({ name: /session/ });
      await page.goto("/dashboard/sign-in");
      await expect(page.getByRole("heading", { level: 1, name: headings.signIn })).toBeVisible();
      await shot(page, "sign-in");
      await page.context().close();
    });
  }
}
