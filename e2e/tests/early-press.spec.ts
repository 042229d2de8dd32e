// A press is never silent, whenever the connection goes: after the page loaded but before the
// form was touched, while the submission engine's chunk is on its way, and before the page has
// hydrated. Each time the press is stored on the device at once, the page says so, and once the
// browser is back online the order is placed once, confirmed on screen without a second press
// (apps/web/src/submission/early-press.ts). Both languages, desktop and phone.
import { expect, test, type BrowserContext, type Page, type Route } from "@playwright/test";
import { SESSION_TAG_COOKIE } from "@once/api/session";
import { confirmedNumber, countOrders, fillOrder, fillLead, countLeads, orderNumbers, screenshot } from "./support";
import { devicesFor } from "./matrix";

const PRESSED_KEY = "once-pressed-v1";
const SUBMIT = /^(Place order|提交订单)$/;
const BUSY = /^(Sending…|提交中…)$/;
const SAVED = /Saved on this device|已保存在本设备上/;
const SENDING = /Sending your request…|正在提交…/;

async function useLocale(context: BrowserContext, locale: string, baseURL: string) {
  await context.addCookies([{ name: "lang", value: locale, url: baseURL }]);
}

const pressed = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as { key: string; type: string; params: unknown }[], PRESSED_KEY);

/** Holds every script of the page that matches `which` until `release` is called (then aborted or let through). */
async function holdScripts(page: Page, which: (path: string, html: string) => boolean) {
  let html = "";
  await page.route(/\/(guides\/[^/?]+|contact)$/, async (route) => {
    const response = await route.fetch();
    html = await response.text();
    await route.fulfill({ response, body: html });
  });
  const waiting: Route[] = [];
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    if (which(new URL(route.request().url()).pathname, html)) waiting.push(route);
    else await route.continue();
  });
  return {
    held: () => waiting.length,
    abort: async () => {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      for (const route of waiting.splice(0)) await route.abort("internetdisconnected").catch(() => undefined);
    },
  };
}

for (const locale of ["en", "zh-CN"] as const) {
  for (const [device, viewport] of devicesFor(locale)) {
    test.describe(`${locale} ${device}`, () => {
      test.use({ viewport, locale });

      test("offline after the page loaded, before the first touch: saved on the device, then placed once", async ({ page, context, baseURL }, testInfo) => {
        await useLocale(context, locale, baseURL!);
        await page.goto("/guides/sample-guide");
        await page.waitForLoadState("networkidle");
        await expect(page.locator("form[data-operation-key]")).toHaveCount(0); // the engine is not here
        await context.setOffline(true);
        await fillOrder(page, 2); // the first touch asks for the engine, which cannot arrive
        await page.getByRole("button", { name: SUBMIT }).click();
        await expect(page.getByTestId("saved-offline")).toBeVisible();
        await expect(page.getByTestId("saved-offline")).toHaveText(SAVED);
        await expect(page.getByRole("button", { name: BUSY })).toHaveAttribute("aria-busy", "true");
        const [intent] = await pressed(page);
        expect(intent).toMatchObject({ type: "order", params: { item: "sample-guide", quantity: 2, contact: { name: "Wang Xiaoming" } } });
        await screenshot(page, testInfo, `saved-offline-${locale}-${device}`);
        await page.getByRole("button", { name: BUSY }).dispatchEvent("click"); // pressing again (it is disabled) adds nothing
        await page.locator("form").evaluate((form: HTMLFormElement) => form.requestSubmit());
        expect(await pressed(page)).toHaveLength(1);
        expect(await countOrders(context)).toBe(0);

        await context.setOffline(false);
        const number = await confirmedNumber(page);
        await screenshot(page, testInfo, `saved-then-confirmed-${locale}-${device}`);
        expect(await orderNumbers(context)).toEqual([number]);
        expect(await pressed(page)).toEqual([]); // the engine has it now: the press is no longer stored apart
        const { rows } = await (await import("./support")).db().query<{ key: string }>(`select key from idempotency_record where key = $1`, [intent!.key]);
        expect(rows).toHaveLength(1); // sent under the key minted at the press
      });
    });
  }
}

test("the connection drops while the engine is on its way: the press says so, then is placed once", async ({ page, context }) => {
  const scripts = await holdScripts(page, (path, html) => !html.includes(path)); // the engine's chunks
  await page.goto("/guides/sample-guide");
  await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
  await fillOrder(page, 3);
  await expect.poll(scripts.held).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByTestId("held-note")).toHaveText(SENDING); // online: on its way
  await expect(page.getByRole("button", { name: "Sending…" })).toBeDisabled();
  await context.setOffline(true);
  await expect(page.getByTestId("saved-offline")).toBeVisible(); // now honest about where it is
  await scripts.abort(); // the chunk never arrives
  await page.waitForTimeout(300);
  expect(await countOrders(context)).toBe(0);
  await context.setOffline(false);
  const number = await confirmedNumber(page);
  expect(await orderNumbers(context)).toEqual([number]);
  await expect(page.getByLabel("Quantity")).toHaveValue("3");
});

test("pressed before the page hydrated, then offline: reloaded when back online and placed once", async ({ page, context }) => {
  const scripts = await holdScripts(page, () => true); // no script at all: React never starts
  await page.goto("/guides/sample-guide", { waitUntil: "domcontentloaded" });
  await fillOrder(page, 2);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByTestId("held-note")).toHaveText(SENDING);
  expect(new URL(page.url()).search).toBe(""); // the browser did not submit the form itself (no details in the address)
  await context.setOffline(true);
  await expect(page.getByTestId("saved-offline")).toBeVisible();
  await scripts.abort();
  expect(await pressed(page)).toHaveLength(1);
  await context.setOffline(false); // the page reloads itself and the reloaded page sends it
  const number = await confirmedNumber(page);
  expect(await orderNumbers(context)).toEqual([number]);
  await expect(page.getByLabel("Quantity")).toHaveValue("2");
});

test("an inquiry pressed before hydration is sent once the scripts arrive", async ({ page, context }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  await fillLead(page);
  await page.getByRole("button", { name: "Send inquiry" }).click();
  await expect(page.getByTestId("held-note")).toHaveText(SENDING);
  expect(await pressed(page)).toHaveLength(1);
  release();
  await expect(page.getByTestId("confirmed-number")).toBeVisible({ timeout: 20_000 });
  expect(await countLeads(context)).toBe(1);
});

test("an invalid form pressed before the engine is explained, not stored", async ({ page, context }) => {
  await page.goto("/guides/sample-guide");
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  await page.getByLabel(/^Name/).fill("   "); // spaces only
  await page.getByRole("button", { name: "Place order" }).click();
  expect(await pressed(page)).toEqual([]);
  await expect(page.getByTestId("held-note")).toBeHidden();
  expect(await page.getByLabel(/^Name/).evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  await context.setOffline(false);
  expect(await countOrders(context)).toBe(0);
});

test("a text pasted past its limit before the engine is refused with the limit's words: kept whole, never stored", async ({ page, context }) => {
  await page.goto("/guides/sample-guide");
  await page.waitForLoadState("networkidle");
  await context.setOffline(true); // the engine cannot arrive: only the inline script is there
  await fillOrder(page, 1, "长".repeat(301)); // pasted: one character past the 300 the server takes
  await expect(page.getByLabel(/Delivery address/)).toHaveValue("长".repeat(301)); // nothing cut
  await page.getByRole("button", { name: "Place order" }).click();
  expect(await pressed(page)).toEqual([]);
  await expect(page.getByTestId("held-note")).toBeHidden();
  const address = page.locator("#contact-address");
  expect(await address.evaluate((field: HTMLTextAreaElement) => field.validationMessage)).toBe("Delivery address has at most 300 characters");
  await context.setOffline(false);
  expect(await countOrders(context)).toBe(0);
});

test("a stored press that is corrupt, of an unknown type or from another session is dropped with a warning, never sent", async ({ page, context }) => {
  await page.goto("/guides");
  // Hydrated first: stored before it, the list page's own engine would take (and drop) the
  // presses while the next navigation tears it down, and their warnings would go with it.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const warnings: string[] = [];
  page.on("console", (message) => message.type() === "warning" && message.text().startsWith("A press stored") && warnings.push(message.text()));
  await page.evaluate(
    ([key, tagCookie]) => {
      const base = { scope: "order:sample-guide", params: { item: "sample-guide", quantity: 1, contact: { name: "A", phone: "13800138000", address: "X" } } };
      const tag = new RegExp(`${tagCookie}=([^;]+)`).exec(document.cookie)?.[1];
      localStorage.setItem(
        key,
        JSON.stringify([
          { ...base, type: "order", key: "corrupt", submittedAt: Date.now(), sessionTag: tag },
          { ...base, type: "refund", key: "5d1c0a52-0000-4000-8000-000000000001", submittedAt: Date.now(), sessionTag: tag },
          { ...base, type: "order", key: "5d1c0a52-0000-4000-8000-000000000002", submittedAt: Date.now(), sessionTag: "someone-else" },
        ]),
      );
    },
    [PRESSED_KEY, SESSION_TAG_COOKIE] as const,
  );
  await page.goto("/guides/sample-guide"); // something is stored: the engine loads at once and reads it
  await expect.poll(() => warnings.length, { timeout: 15_000 }).toBe(3); // the engine loads, then reads the store
  expect(warnings.join("\n")).toMatch(/corrupt[\s\S]*unknown-type[\s\S]*other-session/);
  expect(await pressed(page)).toEqual([]);
  expect(await countOrders(context)).toBe(0);
});
