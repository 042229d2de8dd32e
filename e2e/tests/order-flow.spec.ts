// The order form when the network lies. Each test asserts what the customer sees AND how many
// orders exist in the database for this browser's customer.
import { expect, test } from "@playwright/test";
import { confirmedNumber, countOrders, fillOrder, openOrderForm, orderNumbers, pendingBanner, screenshot } from "./support";

const ORDER_CREATE = "**/api/trpc/order.create**";

test("a double click orders once", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page);
  await page.getByRole("button", { name: "Place order" }).dblclick();
  const number = await confirmedNumber(page);
  expect(await countOrders(context)).toBe(1);
  expect(await orderNumbers(context)).toEqual([number]);
});

test("the server commits but the response is lost: pending, then the same order number", async ({ page, context }, testInfo) => {
  await openOrderForm(page);
  await fillOrder(page);
  let dropped = false;
  await page.route(ORDER_CREATE, async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch(); // the server does the work and commits...
    await route.abort("connectionreset"); // ...and the answer never arrives
  });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  await screenshot(page, testInfo, "pending");
  const number = await confirmedNumber(page);
  await screenshot(page, testInfo, "confirmed");
  expect(await orderNumbers(context)).toEqual([number]);
});

test("submitted offline: pending, then one order once back online", async ({ page, context }, testInfo) => {
  await openOrderForm(page);
  await fillOrder(page);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  await expect(page.getByTestId("offline-note")).toBeVisible();
  await screenshot(page, testInfo, "offline");
  expect(await countOrders(context)).toBe(0);
  await context.setOffline(false);
  const number = await confirmedNumber(page);
  expect(await orderNumbers(context)).toEqual([number]);
});

test("reload, and close and reopen, while pending: it resumes and resolves", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page, 2);
  // The server is unreachable for this operation for now.
  await context.route(ORDER_CREATE, (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();

  await page.reload();
  await expect(pendingBanner(page)).toBeVisible();
  await expect(page.getByLabel("Quantity")).toHaveValue("2");

  await page.close();
  const reopened = await context.newPage();
  await context.unroute(ORDER_CREATE);
  await reopened.goto("/guides/sample-guide");
  const number = await confirmedNumber(reopened);
  expect(await orderNumbers(context)).toEqual([number]);
  await reopened.reload();
  expect(await confirmedNumber(reopened)).toBe(number);
});

test("two tabs with the same pending operation make one order", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page);
  await context.route(ORDER_CREATE, (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  const second = await context.newPage();
  await second.goto("/guides/sample-guide");
  await expect(pendingBanner(second)).toBeVisible();
  await context.unroute(ORDER_CREATE);
  const [a, b] = await Promise.all([confirmedNumber(page), confirmedNumber(second)]);
  expect(a).toBe(b);
  expect(await orderNumbers(context)).toEqual([a]);
});

test("the server answers 500, then recovers: one order", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page);
  let failures = 0;
  await page.route(ORDER_CREATE, async (route) => {
    if (failures++ < 2) return route.fulfill({ status: 500, contentType: "text/plain", body: "upstream failure" });
    return route.continue();
  });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  const number = await confirmedNumber(page);
  expect(await orderNumbers(context)).toEqual([number]);
});

test("'order another copy' makes a second order with a new key", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page);
  const firstKey = await page.locator("form[data-operation-key]").getAttribute("data-operation-key");
  await page.getByRole("button", { name: "Place order" }).click();
  const first = await confirmedNumber(page);
  await page.getByRole("button", { name: "Order another copy" }).click();
  await expect(page.locator("form[data-operation-key]")).not.toHaveAttribute("data-operation-key", firstKey!);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByTestId("confirmed-number")).not.toHaveAttribute("data-number", first);
  const second = await confirmedNumber(page);
  expect(await orderNumbers(context)).toEqual([first, second]);
});

test("editing after a timeout starts a new operation and shows no conflict", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page, 1);
  await context.route(ORDER_CREATE, (route) => route.abort("timedout"));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  await page.getByRole("button", { name: /Change the details/ }).click();
  await page.getByLabel("Quantity").selectOption("3");
  await context.unroute(ORDER_CREATE);
  await page.getByRole("button", { name: "Place order" }).click();
  const number = await confirmedNumber(page);
  await expect(page.getByText(/already used for something else/)).toHaveCount(0);
  expect(await orderNumbers(context)).toEqual([number]);
  // The replaced operation never reached the server and is not resent later.
  await page.waitForTimeout(2500);
  expect(await countOrders(context)).toBe(1);
});

test("a key bound to other parameters is explained, not hidden", async ({ page, context }, testInfo) => {
  await openOrderForm(page);
  await fillOrder(page, 1);
  await context.route(ORDER_CREATE, (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  const key = (await page.locator("form[data-operation-key]").getAttribute("data-operation-key"))!;
  // Meanwhile the same key was used, by this customer, for two copies (e.g. a buggy script).
  const other = await page.request.post("/api/v1/orders", { headers: { "idempotency-key": key }, data: { item: "sample-guide", quantity: 2 } });
  expect(other.status()).toBe(201);
  await context.unroute(ORDER_CREATE);
  // "Check now" asks at once. The automatic retry keeps its own backoff and may ask first, which
  // replaces the pending box (this button with it) by the explanation: either way it is explained.
  const checkNow = page.getByRole("button", { name: "Check now" });
  await checkNow.click({ timeout: 5_000 }).catch(async (error: unknown) => {
    if ((await checkNow.count()) > 0) throw error; // still there yet not pressable: a real failure
  });
  await expect(page.getByText("This request was already used for something else")).toBeVisible({ timeout: 20_000 });
  await screenshot(page, testInfo, "conflict");
  expect(await countOrders(context)).toBe(1);
});

test("a pending order older than 7 days needs attention and is never resent", async ({ page, context }) => {
  await openOrderForm(page);
  await fillOrder(page);
  await context.route(ORDER_CREATE, (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  const storageKey = "once-submissions-v1";
  const saved = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), storageKey))!) as {
    clientState: { mutations: { state: { variables: { submittedAt: number } } }[] };
  };
  await page.close();

  // Eight days pass with the tab closed: the stored operation is that old when a tab opens.
  for (const m of saved.clientState.mutations) m.state.variables.submittedAt -= 8 * 24 * 60 * 60 * 1000;
  await context.addInitScript(
    ([k, v]) => {
      if (sessionStorage.getItem("aged")) return;
      localStorage.setItem(k, v);
      sessionStorage.setItem("aged", "1");
    },
    [storageKey, JSON.stringify(saved)] as [string, string],
  );
  let sent = 0;
  await context.unroute(ORDER_CREATE);
  await context.route(ORDER_CREATE, (route) => {
    sent++;
    return route.continue();
  });
  const later = await context.newPage();
  await later.goto("/guides/sample-guide");
  await expect(later.getByText("Needs your attention")).toBeVisible();
  await later.waitForTimeout(2500);
  expect(sent).toBe(0);
  expect(await countOrders(context)).toBe(0);
});

test("an order placed before the submission engine arrives is held, then placed once", async ({ page, context }) => {
  // Hold every script the document does not reference (the engine, asked for on first touch).
  let html = "";
  await page.route("**/guides/sample-guide", async (route) => {
    const response = await route.fetch();
    html = await response.text();
    await route.fulfill({ response });
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    if (!html.includes(new URL(route.request().url()).pathname)) {
      held++;
      await released;
    }
    await route.continue();
  });
  await page.goto("/guides/sample-guide", { waitUntil: "domcontentloaded" });
  const button = page.getByRole("button", { name: "Place order" });
  await expect(button).toBeEnabled();
  await fillOrder(page, 3); // typing works while the engine is on its way...
  await expect.poll(() => held).toBeGreaterThan(0);
  await button.dblclick(); // ...and pressing the button (twice) waits for it, visibly
  const busy = page.getByRole("button", { name: "Sending…" });
  await expect(busy).toHaveAttribute("aria-busy", "true");
  await expect(busy).toBeDisabled();
  await page.waitForTimeout(500);
  expect(await countOrders(context)).toBe(0);
  release();
  const number = await confirmedNumber(page);
  await expect(page.getByLabel("Quantity")).toHaveValue("3"); // nothing typed was lost
  await expect(page.getByLabel(/^Name/)).toHaveValue("Wang Xiaoming");
  expect(await orderNumbers(context)).toEqual([number]);
});
