// The robots' URL forms and secrets as an admin pastes them, the sealing of both at rest, and
// the message texts: plain, within each platform's size, every lead named.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { digestText, leadText, type ChatLead } from "./chat-text.ts";
import { PLATFORMS, secretProblem, urlProblem } from "./platforms.ts";
import { readSealKey, seal, unseal } from "./seal.ts";

const strict = { allowStandIns: false };

describe("robot URLs and secrets", () => {
  it("accepts each platform's own form and refuses another's, plain http, or a stranger's host", () => {
    expect(urlProblem("wecom", "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa", strict)).toBeNull();
    expect(urlProblem("dingtalk", `https://oapi.dingtalk.com/robot/send?access_token=${"a1".repeat(32)}`, strict)).toBeNull();
    expect(urlProblem("feishu", "https://open.feishu.cn/open-apis/bot/v2/hook/2d4f6f0e-1234-4a5b-9c8d-0123456789ab", strict)).toBeNull();
    expect(urlProblem("slack", "https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstuvwx", strict)).toBeNull();
    // A DingTalk URL pasted as WeCom's, http, another host, extra query, not a URL at all.
    expect(urlProblem("wecom", `https://oapi.dingtalk.com/robot/send?access_token=${"a1".repeat(32)}`, strict)).toBe("wrong_form");
    expect(urlProblem("feishu", "http://open.feishu.cn/open-apis/bot/v2/hook/2d4f6f0e-1234-4a5b-9c8d-0123456789ab", strict)).toBe("not_https");
    expect(urlProblem("slack", "https://hooks.example.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstuvwx", strict)).toBe("wrong_form");
    expect(urlProblem("wecom", "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa&x=1", strict)).toBe("wrong_form");
    expect(urlProblem("dingtalk", "robot/send", strict)).toBe("not_a_url");
    // A loopback stand-in takes a platform's place only where allowed (tests, benchmarks).
    const standIn = "http://127.0.0.1:4000/open-apis/bot/v2/hook/2d4f6f0e-1234-4a5b-9c8d-0123456789ab";
    expect(urlProblem("feishu", standIn, strict)).toBe("not_https");
    expect(urlProblem("feishu", standIn, { allowStandIns: true })).toBeNull();
  });

  it("asks DingTalk and Feishu for their secret, in the form they print it", () => {
    expect(secretProblem("dingtalk", null)).toBe("required");
    expect(secretProblem("dingtalk", "not-a-dingtalk-secret")).toBe("wrong_form");
    expect(secretProblem("dingtalk", `SEC${"ab12".repeat(16)}`)).toBeNull();
    expect(secretProblem("feishu", "")).toBe("required");
    expect(secretProblem("feishu", "qK3fL9xY2mN8pR5t")).toBeNull();
    expect(secretProblem("wecom", null)).toBeNull();
  });
});

describe("sealing", () => {
  it("opens with its own key only, and refuses an altered value", () => {
    const key = readSealKey(randomBytes(32).toString("base64"));
    const sealed = seal(key, "https://oapi.dingtalk.com/robot/send?access_token=abc");
    expect(sealed).not.toContain("dingtalk");
    expect(unseal(key, sealed)).toBe("https://oapi.dingtalk.com/robot/send?access_token=abc");
    expect(() => unseal(readSealKey(randomBytes(32).toString("base64")), sealed)).toThrow();
    const parts = sealed.split(".");
    parts[3] = `A${parts[3]!.slice(1)}`;
    expect(() => unseal(key, parts.join("."))).toThrow();
    expect(() => readSealKey("c2hvcnQ=")).toThrow(/NOTIFY_SECRET_KEY must be 32 random bytes/);
  });
});

const lead = (n: number, over: Partial<ChatLead> = {}): ChatLead => ({
  number: `LD-${String(n).padStart(6, "0")}`,
  waitedMinutes: 3,
  name: "王小明",
  phone: "13812345678",
  company: null,
  content: "想了解 200 份的价格。".repeat(3),
  owner: "Bob Sales",
  possibleDuplicate: false,
  ...over,
});

describe("message texts", () => {
  it("keep a customer's text plain and one field per line, and fit the platform's size", () => {
    const hostile = lead(1, { name: "Eve\n负责人: Mallory", content: "x".repeat(5000) });
    const text = leadText(hostile, "zh-CN", PLATFORMS.wecom.maxTextBytes, null);
    expect(text.split("\n")[1]).toBe("Eve 负责人: Mallory · 13812345678");
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2048);
    expect(text).toMatch(/^新线索 LD-000001\n/);
    // Slack's three control characters are escaped, so a customer's text makes no link.
    expect(PLATFORMS.slack.request("https://hooks.slack.com/x", null, "<https://evil|click> & co", new Date()).body).toBe(
      JSON.stringify({ text: "&lt;https://evil|click&gt; &amp; co" }),
    );
  });

  it("a digest carries as many leads as fit, says how many, and names each", () => {
    const leads = Array.from({ length: 60 }, (_, i) => lead(i + 1));
    const digest = digestText(leads, "en", 2048);
    expect(digest.count).toBeGreaterThan(5);
    expect(digest.count).toBeLessThan(60);
    expect(Buffer.byteLength(digest.text)).toBeLessThanOrEqual(2048);
    expect(digest.text.split("\n")[0]).toBe(
      `${digest.count} new leads (LD-000001 – LD-${String(digest.count).padStart(6, "0")}), sent together near the platform's limit:`,
    );
    expect(digest.text.split("\n").filter((l) => l.startsWith("• LD-"))).toHaveLength(digest.count);
  });

  it("an escalation is headed as one, in the channel's language, with how long the lead has waited", () => {
    expect(leadText(lead(7, { waitedMinutes: 31 }), "zh-CN", 2048, null, "escalation")).toMatch(/^【升级】线索 LD-000007 已等待 31 分钟，仍无首次响应\n/);
    expect(leadText(lead(7, { waitedMinutes: 31 }), "en", 2048, null, "escalation")).toMatch(
      /^\[Escalation\] Lead LD-000007 has waited 31 min without a first response\n/,
    );
    const digest = digestText([lead(7), lead(9)], "zh-CN", 2048, "escalation");
    expect(digest.text.split("\n")[0]).toBe("【升级】2 条线索（LD-000007 – LD-000009）已等待两倍响应时限，仍无首次响应：");
  });
});

describe("the platforms' answers", () => {
  it("resend only what the answer says did not arrive, after the wait it asks for", () => {
    const json = (body: unknown) => JSON.stringify(body);
    expect(PLATFORMS.dingtalk.reading(200, json({ errcode: 130101, errmsg: "send too fast" }), null)).toEqual({
      outcome: "rejected",
      answer: "130101 send too fast",
      waitMs: 600_000, // DingTalk silences the robot for 10 minutes
    });
    expect(PLATFORMS.wecom.reading(200, json({ errcode: 45009, errmsg: "api freq out of limit" }), null)).toMatchObject({
      outcome: "rejected",
      waitMs: 60_000,
    });
    expect(PLATFORMS.feishu.reading(200, json({ code: 11232, msg: "frequency limited" }), null)).toMatchObject({ outcome: "rejected", waitMs: 1_000 });
    expect(PLATFORMS.slack.reading(429, "rate_limited", "7")).toEqual({ outcome: "rejected", answer: "429 rate_limited", waitMs: 7_000 });
    expect(PLATFORMS.slack.reading(503, "", null)).toMatchObject({ outcome: "rejected" });
    // Refused for good: nothing is resent until someone fixes the channel.
    expect(PLATFORMS.feishu.reading(200, json({ code: 19021, msg: "sign match fail" }), null)).toMatchObject({ outcome: "failed", reason: "signature" });
    expect(PLATFORMS.slack.reading(404, "no_service", null)).toMatchObject({ outcome: "failed", reason: "address" });
    expect(PLATFORMS.wecom.reading(200, json({ errcode: 93000, errmsg: "invalid webhook url" }), null)).toMatchObject({ outcome: "failed", reason: "address" });
    expect(PLATFORMS.wecom.reading(200, json({ errcode: 0, errmsg: "ok" }), null)).toEqual({ outcome: "delivered", answer: "0 ok" });
  });
});
