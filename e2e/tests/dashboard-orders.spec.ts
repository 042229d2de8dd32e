// Issue 13, item 7, in both languages on the production build: the order list (search in the
// URL, back from an order keeps it), the order page, the fulfilment workflow (carrier and
// tracking number required), a stale edit that explains itself and reloads, the timeline, and
// the printable packing list (print CSS hides the dashboard's frame). Shipping's carriers and
// the separate Cancel order panel: dashboard-ship-cancel.spec.ts.
import { expect, test } from "@playwright/test";
import { controlAtScreenFoot, signInAs } from "./dashboard-support";
import { placeOrder, screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { flowLocales } from "./matrix";

const SMALL_PHONE = { width: 375, height: 667 };

const TEXT = {
  en: {
    packed: "Mark as packed",
    shipped: "Mark as shipped",
    delivered: "Mark as delivered",
    carrierRequired: "Choose the carrier to ship.",
    carrier: "Carrier",
    tracking: "Tracking number",
    conflict: /changed by someone else/,
    saved: "Saved.",
    reload: "Reload",
    back: /Back to the orders/,
    packing: /Packing list/,
  },
  "zh-CN": {
    packed: "标记为已打包",
    shipped: "标记为已发货",
    delivered: "标记为已送达",
    carrierRequired: "发货前请选择快递公司。",
    carrier: "快递公司",
    tracking: "快递单号",
    conflict: /已有其他人修改/,
    saved: "已保存。",
    reload: "重新加载",
    back: /返回订单列表/,
    packing: /装箱单/,
  },
} as const;

for (const locale of flowLocales("en")) {
  test(`orders: list, order page, workflow, stale edit, packing list (${locale})`, async ({ browser }) => {
    test.setTimeout(90_000); // a whole working session: customers order, two staff members sign in, screenshots
    const text = TEXT[locale];
    const [first, second] = [await placeOrder(browser, 2), await placeOrder(browser, 1)];
    const page = await signInAs(browser, E2E_STAFF[0]!, locale);
    await page.goto("/dashboard/orders");
    await page.getByRole("searchbox").fill(first);
    await expect(page).toHaveURL(new RegExp(`search=${first}`));
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await screens(page, `orders-${locale}`);
    await page.getByRole("link", { name: first }).click();
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(first) })).toBeVisible();
    await expect(page.getByTestId("order-quantity")).toHaveText("2");
    await expect(page.getByText("Wang Xiaoming")).toBeVisible();
    await expect(page.getByText("1 Century Avenue, Shanghai")).toBeVisible();
    await expect(page.getByRole("link", { name: "13800138000" })).toHaveAttribute("href", /^tel:/);

    await page.getByRole("button", { name: text.packed }).click();
    await expect(page.getByRole("button", { name: text.shipped })).toBeVisible();
    await page.getByRole("button", { name: text.shipped }).click();
    await expect(page.getByText(text.carrierRequired)).toBeVisible();
    await expect(page.getByTestId("fulfil-status")).toBeEmpty(); // the packing's "Saved." is not left beside the new error
    await page.getByLabel(text.carrier).selectOption("sf");
    await page.getByLabel(text.tracking).fill("SF1234567890123");

    // Someone else moves the order on meanwhile: this page's edit is stale.
    const other = await signInAs(browser, E2E_STAFF[1]!, locale);
    await other.goto(page.url());
    await other.getByLabel(text.carrier).selectOption("yto");
    await other.getByLabel(text.tracking).fill("YT0000000000001");
    await other.getByRole("button", { name: text.shipped }).click();
    await expect(other.getByTestId("order-tracking")).toHaveText("YT0000000000001");
    await other.context().close();

    await page.getByRole("button", { name: text.shipped }).click();
    await expect(page.getByTestId("fulfil-status")).toHaveText(text.conflict);
    await page.getByRole("button", { name: text.reload }).click();
    await expect(page.getByTestId("order-tracking")).toHaveText("YT0000000000001");
    await page.getByRole("button", { name: text.delivered }).click();
    await expect(page.getByTestId("order-timeline").getByRole("listitem")).toHaveCount(4);
    await expect(page.getByTestId("order-timeline")).toContainText("Alice Sales");
    await expect(page.getByTestId("order-timeline")).toContainText("Bob Sales");
    await screens(page, `order-${locale}`);

    // Back to the list keeps its search.
    await page.getByRole("link", { name: text.back }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders\\?search=${first}`));
    await expect(page.getByRole("searchbox")).toHaveValue(first);

    // Packing list for two selected orders, printable.
    await page.goto("/dashboard/orders");
    await page.getByRole("checkbox", { name: new RegExp(first) }).check();
    await page.getByRole("checkbox", { name: new RegExp(second) }).check();
    await page.getByRole("link", { name: text.packing }).click();
    await expect(page.getByTestId("packing-item")).toHaveCount(2);
    await expect(page.getByTestId("packing-item").first()).toContainText(first);
    await screens(page, `packing-${locale}`);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("button", { name: /Print|打印/ })).toBeHidden();
    await expect(page.getByTestId("packing-item").nth(1)).toContainText(second);
    await page.context().close();
  });
}

for (const locale of flowLocales("zh-CN")) {
  test(`order page on a phone: a save's outcome (saved, conflict) is scrolled into view below the buttons (${locale})`, async ({ browser }) => {
    const text = TEXT[locale];
    const number = await placeOrder(browser, 1);
    // A small phone (375×667): on a 390×844 screen the order's first step and its message area
    // are both in the first screen, with nothing to reveal.
    const page = await signInAs(browser, E2E_STAFF[0]!, locale, SMALL_PHONE);
    await page.goto(`/dashboard/orders?search=${number}`);
    await page.getByRole("link", { name: number }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
    const message = page.getByTestId("fulfil-status");

    const packed = page.getByRole("button", { name: text.packed });
    await controlAtScreenFoot(packed, message);
    await packed.click();
    await expect(message).toHaveText(text.saved);
    await expect(message).toBeInViewport();

    // Someone else ships it meanwhile: this page's edit is stale, and says so where it is read.
    const other = await signInAs(browser, E2E_STAFF[1]!, locale);
    await other.goto(page.url());
    await other.getByLabel(text.carrier).selectOption("yto");
    await other.getByLabel(text.tracking).fill("YT0000000000002");
    await other.getByRole("button", { name: text.shipped }).click();
    await expect(other.getByTestId("order-tracking")).toHaveText("YT0000000000002");
    await other.context().close();
    await page.getByLabel(text.carrier).selectOption("sf");
    await page.getByLabel(text.tracking).fill("SF0000000000003");
    const shipped = page.getByRole("button", { name: text.shipped });
    await controlAtScreenFoot(shipped, message);
    await shipped.click();
    await expect(message).toHaveText(text.conflict);
    await expect(message).toBeInViewport();
    await expect(page.getByRole("button", { name: text.reload })).toBeInViewport();
    await page.context().close();
  });
}
