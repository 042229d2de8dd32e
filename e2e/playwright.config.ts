// Browser tests: Debian's Chromium (never a downloaded browser) against a production build
// of apps/web on a real PostgreSQL database made for this run by run-e2e.ts.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
const databaseUrl = process.env.E2E_DATABASE_URL;
if (!databaseUrl) throw new Error("E2E_DATABASE_URL is not set: run the browser tests through `pnpm test:e2e`");
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
  workers: 1,
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
    baseURL: `http://127.0.0.1:${port}`,
    // The service worker (offline copies, Background Sync) is its own spec's
    // (tests/service-worker.spec.ts): elsewhere it would answer navigations the tests route.
    serviceWorkers: "block",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: "pnpm --filter @once/web start",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // Many sign-ins and writes from one address in one minute, many orders with one phone, many
    // dashboard changes by one staff member: those limits have their own system tests.
    env: {
      ...secrets,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
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
  },
});
