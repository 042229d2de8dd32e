// The four group-chat bots, each as its platform publishes it: the URL's form, the request
// (body and signature), the limits, and what an answer means. Nothing here sends; the sender
// (send-chat.ts) posts what `request` builds and hands the answer to `reading`.
//
// Sources (the platforms' own documentation pages, by title):
// - WeCom "群机器人配置说明": POST https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=KEY,
//   {"msgtype":"text","text":{"content":…}} (content at most 2048 bytes of UTF-8); answer
//   {"errcode":0,"errmsg":"ok"}; 20 messages a minute per robot, over it errcode 45009.
// - DingTalk "自定义机器人发送群消息" and "自定义机器人安全设置": POST
//   https://oapi.dingtalk.com/robot/send?access_token=T&timestamp=MS&sign=S, where S is the
//   URL-encoded Base64 of HmacSHA256(key = secret, "MS\nsecret"), the secret starting "SEC";
//   {"msgtype":"text","text":{"content":…}}; answer {"errcode":0,"errmsg":"ok"}; 20 a minute,
//   over it errcode 130101 and the robot is throttled for 10 minutes; 310000: the signature
//   (or keyword, or IP list) did not match.
// - Feishu "自定义机器人使用指南": POST https://open.feishu.cn/open-apis/bot/v2/hook/ID with
//   {"timestamp":"S","sign":…,"msg_type":"text","content":{"text":…}}, the sign being the
//   Base64 of HmacSHA256(key = "S\nsecret", empty message); answer {"code":0,"msg":"success"};
//   100 a minute and 5 a second, over it code 11232 (or 9499); 19021: the signature did not
//   match or the timestamp is more than an hour off; a body at most 20 KB.
// - Slack "Sending messages using incoming webhooks": POST
//   https://hooks.slack.com/services/T…/B…/X… with {"text":…} (&, < and > escaped); answer
//   200 "ok"; 429 with Retry-After past about one message a second; 400/403/404/410 with a
//   reason (invalid_payload, invalid_token, no_service, channel_is_archived…).
import { createHmac } from "node:crypto";
import { isLoopbackHost } from "../loopback-host.ts";

export const CHAT_PLATFORMS = ["wecom", "dingtalk", "feishu", "slack"] as const;
export type ChatPlatform = (typeof CHAT_PLATFORMS)[number];

/** What the platform's answer says about the message. */
export type ChatReading =
  | { outcome: "delivered"; answer: string }
  /** Not taken, and safe to send again: after `waitMs` (its rate limit), or soon (its outage). */
  | { outcome: "rejected"; answer: string; waitMs: number }
  /** Refused for good until someone fixes the channel (a wrong secret, a removed robot). */
  | { outcome: "failed"; answer: string; reason: "signature" | "address" | "content" };

export interface PlatformSpec {
  /** Hosts that serve the robot; a loopback host stands in for them where stand-ins are allowed. */
  hosts: readonly string[];
  /** The path and query of a robot's URL (the credential is part of it). */
  path: RegExp;
  secret: "required" | "none";
  /** The secret's form, where the platform prints one. */
  secretForm?: RegExp;
  limits: { perMinute: number; perSecond?: number };
  /** The largest message text this sender posts, in UTF-8 bytes (the platform's or less). */
  maxTextBytes: number;
  /** Builds the request for `text` (signed where the platform signs), at `now`. */
  request(url: string, secret: string | null, text: string, now: Date): { url: string; body: string };
  /** Reads the answer (status, body text, Retry-After). */
  reading(status: number, body: string, retryAfter: string | null): ChatReading;
}

const MINUTE = 60_000;
const codeOf = (body: string, field: "errcode" | "code"): { code: number | null; message: string } => {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const code = parsed[field];
    const message = parsed[field === "errcode" ? "errmsg" : "msg"];
    return { code: typeof code === "number" ? code : null, message: typeof message === "string" ? message : "" };
  } catch {
    return { code: null, message: body.slice(0, 120) };
  }
};
const said = (code: number | null, message: string) => `${code ?? "?"} ${message}`.trim().slice(0, 300);
/** An HTTP status outside 2xx: the platform's front said no, before its robot read the message. */
const httpReading = (status: number, body: string): ChatReading | null => {
  if (status >= 500) return { outcome: "rejected", answer: `HTTP ${status}`, waitMs: 5_000 };
  if (status === 429) return { outcome: "rejected", answer: "HTTP 429", waitMs: MINUTE };
  if (status < 200 || status >= 300) return { outcome: "failed", answer: `HTTP ${status} ${body.slice(0, 100)}`.trim(), reason: "address" };
  return null;
};

/**
 * Reads a robot's JSON answer by its code (`field`): 0 is delivered; a `rejected` code waits as
 * long as given, then the message may go again; a `failed` code is refused for that reason; any
 * other code is a refusal of the message itself.
 */
const byCode =
  (field: "errcode" | "code", rejected: Record<number, number>, failed: Record<number, "signature" | "address">) =>
  (status: number, body: string): ChatReading => {
    const front = httpReading(status, body);
    if (front) return front;
    const { code, message } = codeOf(body, field);
    const answer = said(code, message);
    if (code === 0) return { outcome: "delivered", answer };
    const wait = code === null ? undefined : rejected[code];
    if (wait !== undefined) return { outcome: "rejected", answer, waitMs: wait };
    const reason = code === null ? undefined : failed[code];
    return { outcome: "failed", answer, reason: reason ?? "content" };
  };
/** WeCom's and DingTalk's plain-text message. */
const textBody = (text: string) => JSON.stringify({ msgtype: "text", text: { content: text } });

export const PLATFORMS: Record<ChatPlatform, PlatformSpec> = {
  wecom: {
    hosts: ["qyapi.weixin.qq.com"],
    path: /^\/cgi-bin\/webhook\/send\?key=[A-Za-z0-9-]{16,64}$/,
    secret: "none",
    limits: { perMinute: 20 },
    maxTextBytes: 2048,
    request: (url, _secret, text) => ({ url, body: textBody(text) }),
    // 45009: past 20 a minute; -1: system busy; 93000/93004: an invalid or removed robot.
    reading: byCode("errcode", { 45009: MINUTE, [-1]: 5_000 }, { 93000: "address", 93004: "address" }),
  },
  dingtalk: {
    hosts: ["oapi.dingtalk.com"],
    path: /^\/robot\/send\?access_token=[A-Za-z0-9]{32,128}$/,
    secret: "required",
    secretForm: /^SEC[A-Za-z0-9]{20,128}$/,
    limits: { perMinute: 20 },
    maxTextBytes: 4000,
    request(url, secret, text, now) {
      const timestamp = String(now.getTime());
      const sign = createHmac("sha256", secret ?? "")
        .update(`${timestamp}\n${secret ?? ""}`)
        .digest("base64");
      const signed = `${url}&timestamp=${timestamp}&sign=${encodeURIComponent(sign)}`;
      return { url: signed, body: textBody(text) };
    },
    // 130101: past 20 a minute, and the robot is throttled for 10 minutes; 310000: the signature
    // (or keyword, or IP list) did not match; 300001/400102: an invalid or stopped robot.
    reading: byCode("errcode", { 130101: 10 * MINUTE, [-1]: 5_000 }, { 310000: "signature", 300001: "address", 400102: "address" }),
  },
  feishu: {
    hosts: ["open.feishu.cn", "open.larksuite.com"],
    path: /^\/open-apis\/bot\/v2\/hook\/[A-Za-z0-9-]{16,64}$/,
    secret: "required",
    secretForm: /^[A-Za-z0-9]{16,64}$/,
    limits: { perMinute: 100, perSecond: 5 },
    maxTextBytes: 4000,
    request(url, secret, text, now) {
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const sign = createHmac("sha256", `${timestamp}\n${secret ?? ""}`)
        .update("")
        .digest("base64");
      return { url, body: JSON.stringify({ timestamp, sign, msg_type: "text", content: { text } }) };
    },
    // 11232 or 9499: past 100 a minute or 5 a second; 19021: the signature did not match or the
    // timestamp is an hour off; 19001/19002: no such hook.
    reading: byCode("code", { 11232: 1_000, 9499: 1_000 }, { 19021: "signature", 19001: "address", 19002: "address" }),
  },
  slack: {
    hosts: ["hooks.slack.com"],
    path: /^\/services\/T[A-Z0-9]{6,}\/B[A-Z0-9]{6,}\/[A-Za-z0-9]{16,64}$/,
    secret: "none",
    limits: { perMinute: 60, perSecond: 1 },
    maxTextBytes: 4000,
    request: (url, _secret, text) => ({ url, body: JSON.stringify({ text: text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;") }) }),
    reading(status, body, retryAfter) {
      if (status === 200) return { outcome: "delivered", answer: `200 ${body.slice(0, 40)}`.trim() };
      if (status === 429) {
        const seconds = Number(retryAfter);
        return { outcome: "rejected", answer: "429 rate_limited", waitMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : MINUTE };
      }
      if (status >= 500) return { outcome: "rejected", answer: `${status} ${body.slice(0, 80)}`.trim(), waitMs: 5_000 };
      const reason = status === 400 ? "content" : "address"; // 403 invalid_token, 404 no_service, 410 channel_is_archived
      return { outcome: "failed", answer: `${status} ${body.slice(0, 80)}`.trim(), reason };
    },
  },
};

/** Why a URL is not a robot's URL of `platform` (null: it is). */
export function urlProblem(platform: ChatPlatform, raw: string, options: { allowStandIns: boolean }): "not_a_url" | "not_https" | "wrong_form" | null {
  if (!URL.canParse(raw)) return "not_a_url";
  const url = new URL(raw);
  const spec = PLATFORMS[platform];
  const standIn = options.allowStandIns && isLoopbackHost(url.hostname);
  if (!standIn && url.protocol !== "https:") return "not_https";
  if (!standIn && !spec.hosts.includes(url.hostname)) return "wrong_form";
  if (url.username || url.password || url.hash) return "wrong_form";
  if (!spec.path.test(`${url.pathname}${url.search}`)) return "wrong_form";
  return null;
}

/** Why a secret does not fit `platform` (null: it does, or the platform has none). */
export function secretProblem(platform: ChatPlatform, secret: string | null): "required" | "wrong_form" | null {
  const spec = PLATFORMS[platform];
  if (spec.secret === "none") return null;
  if (!secret) return "required";
  return spec.secretForm && !spec.secretForm.test(secret) ? "wrong_form" : null;
}
