// The service worker (apps/web/src/submission/service-worker.ts) in Chromium: a submission made
// offline is sent by Background Sync with the tab closed, once, under its own key, and the next
// visit shows its receipt, whether the engine took the press or only the page's inline script
// (apps/web/src/submission/early-press.ts) did; a superseded or settled one is never sent by it;
// the visited customer pages open offline.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { confirmedNumber, countOrders, db, fillOrder, orderNumbers, pendingBanner } from "./support";

test.use({ serviceWorkers: "allow" });

const outbox = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ key: string }[]>((resolve, reject) => {
        const open = indexedDB.open("once-outbox", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("operations", { keyPath: "key" });
        open.onerror = () => reject(open.error ?? new Error("no outbox"));
        open.onsuccess = () => {
          const all = open.result.transaction("operations").objectStore("operations").getAll();
          all.onsuccess = () => resolve(all.result as { key: string }[]);
        };
      }),
  );

/** The worker's registration as the browser's DevTools protocol sees it, and a way to fire its sync. */
async function syncControl(context: BrowserContext) {
  const page = await context.newPage(); // about:blank: loads nothing of the app (no engine)
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  return {
    fire: async (origin: string) => {
      const { registrationId } = registrations.find((r) => r.scopeURL.startsWith(origin))!;
      await cdp.send("ServiceWorker.dispatchSyncEvent", { origin, registrationId, tag: "once-submissions", lastChance: false });
    },
  };
}

async function openWithWorker(page: Page) {
  await page.goto("/guides/sample-guide");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

test("submitted offline, tab closed: Background Sync places the order once, and the next visit shows its receipt", async ({ context, page, baseURL }) => {
  await openWithWorker(page);
  await fillOrder(page, 2); // the engine is here
  await context.setOffline(true);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  await expect.poll(async () => (await outbox(page)).length).toBe(1);
  const [{ key }] = (await outbox(page)) as [{ key: string }];
  const sync = await syncControl(context);
  await page.close(); // the customer closes the tab while offline
  expect(await countOrders(context)).toBe(0); // nothing reached the server: offline, then the tab closed
  await context.setOffline(false);
  // Chromium may fire the sync itself as the network comes back, before or after this one: the
  // order is placed once either way.
  await sync.fire(new URL(baseURL!).origin);
  await expect.poll(() => countOrders(context), { timeout: 15_000 }).toBe(1);
  const look = await context.newPage();
  await look.goto("/api/health"); // same origin, none of the app's scripts
  await expect.poll(async () => (await outbox(look)).length).toBe(0); // settled: no personal data left in it

  const next = await context.newPage();
  await next.goto("/guides/sample-guide");
  const number = await confirmedNumber(next); // the engine's own attempt is answered with the replay
  expect(await orderNumbers(context)).toEqual([number]);
  await sync.fire(new URL(baseURL!).origin); // a second sync finds nothing to send
  await next.waitForTimeout(500);
  expect(await countOrders(context)).toBe(1);
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
});

test("pressed offline before the engine could arrive, tab closed: Background Sync places it once under the press's key", async ({ context, page, baseURL }) => {
  await openWithWorker(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null); // the worker controls the page
  await page.waitForLoadState("networkidle");
  // The engine's chunks are not on this device (evicted from the worker's cache and the browser's):
  // offline, the first touch cannot load the engine and only the page's inline script takes the press.
  await page.evaluate(() => caches.delete("once-static"));
  await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
  await context.setOffline(true);
  await fillOrder(page, 2);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByTestId("saved-offline")).toBeVisible();
  await expect(page.locator("form[data-operation-key]")).toHaveCount(0); // no engine
  await expect.poll(async () => (await outbox(page)).length).toBe(1);
  const [{ key }] = (await outbox(page)) as [{ key: string }];
  const sync = await syncControl(context);
  await page.close();
  expect(await countOrders(context)).toBe(0); // nothing reached the server: offline, then the tab closed
  await context.setOffline(false);
  // Chromium may fire the sync itself as the network comes back, before or after this one: the
  // order is placed once either way.
  await sync.fire(new URL(baseURL!).origin);
  await expect.poll(() => countOrders(context), { timeout: 15_000 }).toBe(1);
  const { rows } = await db().query<{ key: string }>(`select key from idempotency_record where key = $1`, [key]);
  expect(rows).toHaveLength(1); // under the key minted at the press
  const next = await context.newPage();
  await next.goto("/guides/sample-guide"); // the press, still stored, is sent again: the server replays it
  const number = await confirmedNumber(next);
  expect(await orderNumbers(context)).toEqual([number]);
  await expect.poll(async () => (await outbox(next)).length).toBe(0);
  expect(await next.evaluate(() => localStorage.getItem("once-pressed-v1"))).toBeNull();
});

test("a pending order superseded by editing leaves the outbox: the worker never sends it", async ({ context, page }) => {
  await openWithWorker(page);
  await fillOrder(page, 1);
  await context.route("**/api/trpc/order.create**", (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  await expect.poll(async () => (await outbox(page)).length).toBe(1);
  await page.getByRole("button", { name: /Change the details/ }).click();
  await expect.poll(async () => (await outbox(page)).length).toBe(0);
});

test("a customer page visited once, never touched, opens offline and takes an order there", async ({ context, page }) => {
  await openWithWorker(page); // the worker arrives after the page: the page tells it what it loaded
  const pageCached = () =>
    page.evaluate(async () => {
      const pages = (await caches.keys()).find((name) => name.startsWith("once-pages-"));
      return pages ? (await (await caches.open(pages)).keys()).some((r) => r.url.endsWith("/guides/sample-guide")) : false;
    });
  await expect.poll(pageCached).toBe(true);
  await page.waitForTimeout(1_000); // the engine's chunks, named by the first load's
  await context.setOffline(true);
  await page.goto("/guides/sample-guide");
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await fillOrder(page, 1); // the engine's chunks come from the worker's cache
  await expect(page.locator("form[data-operation-key]")).toHaveCount(1);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(pendingBanner(page)).toBeVisible();
  await expect(page.getByTestId("offline-note")).toHaveText(/Saved on this device/);
  await context.setOffline(false);
  const number = await confirmedNumber(page);
  expect(await orderNumbers(context)).toEqual([number]);
});
