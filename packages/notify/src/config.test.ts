// readNotifyConfig takes the environment as a record: each case passes its own, process.env is
// never touched.
import { describe, expect, it } from "vitest";
import { newWebhookSecret } from "./testing/fixtures.ts";
import { readNotifyConfig } from "./config.ts";

const webhook = (url: string, nodeEnv: string) => ({ NODE_ENV: nodeEnv, NOTIFY_WEBHOOK_URL: url, NOTIFY_WEBHOOK_SECRET: newWebhookSecret() });
const REFUSED = "invalid environment variable NOTIFY_WEBHOOK_URL: must be https:// in production (http:// only for a loopback host)";

describe("NOTIFY_WEBHOOK_URL in production", () => {
  it.each([
    "http://crm.example.com/hooks/leads",
    "http://10.0.0.5:8080/hooks",
    "http://127.0.0.1.example.com/hooks",
    "http://localhost.example.com/hooks",
    "http://[::ffff:127.0.0.1]/hooks",
    "http://[2001:db8::1]/hooks",
  ])("refuses plain http to a host that is not loopback: %s", (url) => {
    expect(() => readNotifyConfig(webhook(url, "production"))).toThrow(new Error(REFUSED));
  });

  it.each([
    "https://crm.example.com/hooks/leads",
    "http://127.0.0.1:8080/hooks",
    "http://127.8.9.10/hooks",
    "http://localhost:3000/hooks",
    "http://LOCALHOST/hooks",
    "http://[::1]:8080/hooks",
  ])("accepts https, and http to a loopback host: %s", (url) => {
    expect(readNotifyConfig(webhook(url, "production")).NOTIFY_WEBHOOK_URL).toBe(url);
  });

  it("still allows plain http outside production (local receivers in development and tests)", () => {
    for (const nodeEnv of ["development", "test"]) {
      expect(readNotifyConfig(webhook("http://crm.example.com/hooks", nodeEnv)).NOTIFY_WEBHOOK_URL).toBe("http://crm.example.com/hooks");
    }
  });

  it("names the variable in one line for any invalid value, without echoing the value", () => {
    expect(() => readNotifyConfig(webhook("http://user:hunter2@crm.example.com/hooks", "production"))).toThrow(new Error(REFUSED));
    expect(() => readNotifyConfig({ NOTIFY_WEBHOOK_TIMEOUT_MS: "5" })).toThrow(/^invalid environment variable NOTIFY_WEBHOOK_TIMEOUT_MS: [^\n]+$/);
  });
});

describe("NOTIFY_CONCURRENCY", () => {
  it("defaults to 8 deliveries at once and refuses 0, fractions and more than 64 in one line", () => {
    expect(readNotifyConfig({}).NOTIFY_CONCURRENCY).toBe(8);
    expect(readNotifyConfig({ NOTIFY_CONCURRENCY: "16" }).NOTIFY_CONCURRENCY).toBe(16);
    for (const value of ["0", "2.5", "65", "many"]) {
      expect(() => readNotifyConfig({ NOTIFY_CONCURRENCY: value })).toThrow(/^invalid environment variable NOTIFY_CONCURRENCY: [^\n]+$/);
    }
  });
});

describe("chat channels by environment", () => {
  it("refuses, in one line naming the variable, a URL of another platform, a missing or ill-formed secret, and a bad key", () => {
    const dingtalk = `https://oapi.dingtalk.com/robot/send?access_token=${"a1".repeat(32)}`;
    expect(() => readNotifyConfig({ NOTIFY_WECOM_URL: dingtalk })).toThrow(
      new Error("invalid environment variable NOTIFY_WECOM_URL: not a wecom robot URL (wrong form)"),
    );
    expect(() => readNotifyConfig({ NOTIFY_DINGTALK_URL: dingtalk })).toThrow(
      new Error("invalid environment variable NOTIFY_DINGTALK_SECRET: required with NOTIFY_DINGTALK_URL"),
    );
    expect(() => readNotifyConfig({ NOTIFY_DINGTALK_URL: dingtalk, NOTIFY_DINGTALK_SECRET: "secret" })).toThrow(
      new Error("invalid environment variable NOTIFY_DINGTALK_SECRET: not the form the platform prints"),
    );
    expect(() => readNotifyConfig({ NOTIFY_SECRET_KEY: "too-short" })).toThrow(/NOTIFY_SECRET_KEY must be 32 random bytes in Base64/);
    const ok = readNotifyConfig({ NOTIFY_DINGTALK_URL: dingtalk, NOTIFY_DINGTALK_SECRET: `SEC${"ab".repeat(32)}` });
    expect(ok.NOTIFY_CHAT_STAND_INS).toBe(false);
  });
});
