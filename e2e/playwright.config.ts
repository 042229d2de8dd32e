// Browser tests: Debian's Chromium headless shell (never a downloaded browser) against a production build
// of apps/web on a real PostgreSQL database made for this run by run-e2e.ts.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "./chromium.ts";

// One worker by default: one test at a time already keeps this 2-core machine ~85% busy
// (Chromium draws, the server renders), and a second worker made each test 2-3 times slower
// for no gain (BENCHMARKS.md, "The test command"). E2E_WORKERS=2 (run-e2e.ts) gives each worker
// its own production server on its own seeded database, for a machine with cores to spare:
// Playwright sets TEST_PARALLEL_INDEX in a worker (kept by the worker that replaces a failed
// one) and loads this file there too, so the worker's baseURL and E2E_DATABASE_URL (read by
// tests/support.ts) are its own server's.
const basePort = Number(process.env.E2E_PORT ?? 3100);
const databaseUrls = (process.env.E2E_DATABASE_URLS ?? "").split(",").filter(Boolean);
if (!databaseUrls.length) throw new Error("E2E_DATABASE_URLS is not set: run the browser tests through `pnpm test:e2e`");
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
process.env.E2E_DATABASE_URL = databaseUrls[parallelIndex];
const port = basePort + parallelIndex;
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`; // for helpers that call the API without a page
// Production requires its secrets; made up for this run (workers inherit them, tests read them).
process.env.E2E_HEALTH_TOKEN ??= randomBytes(24).toString("base64url");
const secrets = {
  SESSION_SECRET: randomBytes(32).toString("base64url"),
  BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
  HEALTH_TOKEN: process.env.E2E_HEALTH_TOKEN,
};

export default defineConfig({
  testDir: "./tests",
  outputDir: "./artifacts/test-results",
  fullyParallel: false,
  workers: databaseUrls.length,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: [
    ["list"],
    ["html", { outputFolder: "./artifacts/report", open: "never" }],
    // The test command's timing report (scripts/test-run/report.ts) reads this one.
    ...(process.env.TEST_REPORT_DIR ? [["json", { outputFile: path.join(process.env.TEST_REPORT_DIR, "playwright.json") }] as const] : []),
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // The service worker (offline copies, Background Sync) is its own spec's
    // (tests/service-worker.spec.ts): elsewhere it would answer navigations the tests route.
    serviceWorkers: "block",
    // A trace records every action's screenshots and DOM: on, it made every test ~30% slower
    // for a file kept only on failure. A failure keeps its screenshot and error context (the
    // page's accessibility tree); E2E_TRACE=1 records traces to look into one.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: databaseUrls.map((databaseUrl, index) => ({
    command: "pnpm --filter @once/web start",
    url: `http://127.0.0.1:${basePort + index}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // Many sign-ins and writes from one address in one minute, many orders with one phone, many
    // dashboard changes by one staff member: those limits have their own system tests.
    env: {
      ...secrets,
      DATABASE_URL: databaseUrl,
      PORT: String(basePort + index),
      NODE_ENV: "production",
      STAFF_SIGN_IN_PER_MINUTE: "1000",
      ORDER_DAILY_COPIES_PER_GUIDE: "1000",
      ORDER_DAILY_COPIES_PER_ADDRESS: "10000000",
      RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE: "100000",
      STAFF_WRITES_PER_MINUTE: "100000",
      // E-mail configured, so new leads and assignments write their outbox rows, which the tests
      // read with SQL; the worker is off, so nothing is sent (there is no mail server here:
      // delivery has its own tests in packages/notify and e2e/system).
      NOTIFY_SMTP_URL: "smtp://127.0.0.1:2525",
      NOTIFY_EMAIL_TO: "sales@shop.test",
      NOTIFY_WORKER: "off",
      // Chat channels an admin adds are sealed with this key; the robots are local stand-ins
      // (packages/notify/src/testing/chat-receivers.ts), which the tests start on loopback.
      NOTIFY_SECRET_KEY: randomBytes(32).toString("base64"),
      NOTIFY_CHAT_STAND_INS: "1",
    },
  })),
});
