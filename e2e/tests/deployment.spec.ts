// A new deployment takes over an open page cleanly: the page holds an order whose answer is still
// unknown, the node is replaced by a deployment with another build id, and the page (its service
// worker replaced by the new deployment's) reloads into the new version, which resumes the order
// under its own key: placed once, confirmed on screen, no second press, no page left on the old
// version (apps/web/src/submission/early-press.ts, apps/web/src/app/sw.js/route.ts).
// The nodes are this spec's own (one port, two builds in turn), on the browser tests' database.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { repoRoot, startNode, type NodeProcess } from "@once/scripts/cluster/node-process";
import { confirmedNumber, countOrders, db, fillOrder, orderNumbers, pendingBanner } from "./support";

test.use({ serviceWorkers: "allow" });
test.setTimeout(120_000);

const PORT = 3171;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const web = path.join(repoRoot, "apps/web");

/**
 * This build's standalone folder as the next deployment of the same code: every file that names
 * the build id (Next's manifests, the service worker) says another one. Hard-linked where
 * unchanged; a changed file is written as a file of its own, never through the link.
 */
async function nextDeployment(): Promise<{ appDir: string; buildId: string; remove: () => Promise<void> }> {
  const oldId = (await readFile(path.join(web, ".next/BUILD_ID"), "utf8")).trim();
  const buildId = randomBytes(12).toString("base64url");
  const root = await mkdtemp(path.join(tmpdir(), "once-deployment-"));
  execFileSync("cp", ["-al", `${path.join(web, ".next/standalone")}/.`, root]);
  const appDir = path.join(root, "apps/web");
  const named = execFileSync("grep", ["-rlF", "-e", oldId, path.join(appDir, ".next")]) // -e: an id may begin with "-"
    .toString()
    .trim()
    .split("\n");
  expect(named.some((file) => file.endsWith("sw.js.body"))).toBe(true); // the worker carries the build id
  for (const file of named) {
    const text = await readFile(file, "utf8");
    await rm(file);
    await writeFile(file, text.replaceAll(oldId, buildId));
  }
  await rename(path.join(appDir, ".next/static", oldId), path.join(appDir, ".next/static", buildId));
  return { appDir, buildId, remove: () => rm(root, { recursive: true, force: true }) };
}

const env = {
  STAFF_SIGN_IN_PER_MINUTE: "1000",
  ORDER_DAILY_COPIES_PER_GUIDE: "1000",
  RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE: "100000",
  NOTIFY_WORKER: "off",
};

test("a deployment with a new build id takes over a page with a pending order: reloaded into it, placed once", async ({ context, page }) => {
  const databaseUrl = process.env.E2E_DATABASE_URL!;
  const deployment = await nextDeployment();
  let node: NodeProcess | undefined = await startNode({ port: PORT, databaseUrl, env });
  try {
    await page.goto(`${ORIGIN}/guides/sample-guide`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload(); // controlled by this deployment's worker from the first paint
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

    // The order's answer is lost: the outcome stays unknown while the node is replaced.
    await context.route("**/api/trpc/**", (route) => route.abort("connectionreset"));
    await fillOrder(page, 2);
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(pendingBanner(page)).toBeVisible();
    const key = await page.locator("form[data-operation-key]").getAttribute("data-operation-key");

    await node.stop();
    node = await startNode({ port: PORT, databaseUrl, env, appDir: deployment.appDir });
    // The phone comes back online (or back into view): the page asks for a new version, the new
    // worker takes over, and the page reloads into the new build.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => page.content().catch(() => "(reloading)"), { timeout: 20_000 }).toContain(deployment.buildId);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker); // same address, new worker
    expect(await countOrders(context)).toBe(0);

    await context.unroute("**/api/trpc/**");
    const number = await confirmedNumber(page); // resumed by the new version: no second press
    expect(await orderNumbers(context)).toEqual([number]);
    const { rowCount } = await db().query(`select 1 from idempotency_record where key = $1`, [key]);
    expect(rowCount).toBe(1); // under the key of the press
    const pagesCaches = await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("once-pages-")));
    expect(pagesCaches).toEqual([`once-pages-${deployment.buildId}`]); // the old deployment's offline pages are gone
  } finally {
    await node?.stop();
    await deployment.remove();
  }
});
