// Local stand-ins for the four group-chat robots (no network here), each following its
// platform's published documentation (the titles are in ../chat/platforms.ts): the URL's path
// and credential, the body's form and size, the signature and its one-hour window, and the
// rate limits with the platform's own refusal (WeCom 45009 past 20 a minute; DingTalk 130101
// past 20 a minute, then every message refused for 10 minutes; Feishu 11232 past 100 a minute
// or 5 a second; Slack 429 with Retry-After past one a second). A bot can also be made to
// keep silent (the request arrives, no answer comes) to test "unknown".
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatPlatform } from "../chat/platforms.ts";

export interface StandInBot {
  platform: ChatPlatform;
  url: string;
  secret: string | null;
  /** Every message taken, in order of arrival. */
  received: { text: string; at: number }[];
  /** Every refusal's code (the platform's errcode, code or HTTP status). */
  refusals: (number | string)[];
  /** Until when DingTalk throttles it (0: not throttled). */
  throttledUntil: number;
  /** "silent": takes the request and never answers (a lost answer). */
  mode: "normal" | "silent";
}

/**
 * The leads each message a robot took carries, in order: a one-lead message's title, or a
 * digest's lines (not the number range in its heading). A lead twice here was sent twice.
 */
export const leadNumbersIn = (bot: StandInBot): string[] =>
  bot.received.flatMap((m) => [...m.text.matchAll(/^(?:• |新线索 |New lead )(LD-\d{6,})/gm)].map((match) => match[1]!));

/** When each lead first reached the robot (ms since the epoch). */
export function firstArrivals(bot: StandInBot): Map<string, number> {
  const first = new Map<string, number>();
  for (const message of bot.received) {
    for (const [, number] of message.text.matchAll(/^(?:• |新线索 |New lead )(LD-\d{6,})/gm)) if (!first.has(number!)) first.set(number!, message.at);
  }
  return first;
}

/** The most messages the robot took in any window of `windowMs`. */
export const busiestWindow = (bot: StandInBot, windowMs: number): number =>
  Math.max(0, ...bot.received.map((m) => bot.received.filter((o) => o.at >= m.at && o.at < m.at + windowMs).length));

export interface ChatReceivers {
  /** A new robot of `platform` on this receiver (a secret where the platform signs). */
  bot(platform: ChatPlatform, options?: { secret?: string | null }): StandInBot;
  close(): Promise<void>;
}

const LIMITS: Record<ChatPlatform, { perMinute: number; perSecond?: number; maxBytes: number }> = {
  wecom: { perMinute: 20, maxBytes: 2048 },
  dingtalk: { perMinute: 20, maxBytes: 20_000 },
  feishu: { perMinute: 100, perSecond: 5, maxBytes: 20 * 1024 },
  slack: { perMinute: 600, perSecond: 1, maxBytes: 40_000 },
};

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function startChatReceivers(): Promise<ChatReceivers> {
  const bots = new Map<string, StandInBot>(); // by credential (key, token, hook id, path)
  const silent: ServerResponse[] = [];

  const overLimit = (bot: StandInBot, now: number) => {
    const limits = LIMITS[bot.platform];
    const inMinute = bot.received.filter((m) => m.at > now - 60_000).length;
    const inSecond = bot.received.filter((m) => m.at > now - 1_000).length;
    return inMinute >= limits.perMinute || (limits.perSecond !== undefined && inSecond >= limits.perSecond);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const now = Date.now();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
    } catch {
      body = {};
    }
    const refuse = (bot: StandInBot | undefined, status: number, code: number | string, payload: unknown, headers?: Record<string, string>) => {
      bot?.refusals.push(code);
      json(res, status, payload, headers);
    };
    const take = (bot: StandInBot, text: string, ok: unknown) => {
      if (bot.mode === "silent") {
        bot.received.push({ text, at: now });
        silent.push(res);
        return;
      }
      bot.received.push({ text, at: now });
      if (bot.platform === "slack") {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("ok");
      } else json(res, 200, ok);
    };
    /** `object[key]` of a JSON value that should be an object. */
    const field = (value: unknown, key: string): unknown => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined);

    if (req.method !== "POST") return json(res, 405, { errcode: 405, errmsg: "method not allowed" });

    if (url.pathname === "/cgi-bin/webhook/send") {
      const bot = bots.get(`wecom:${url.searchParams.get("key")}`);
      if (!bot) return refuse(undefined, 200, 93000, { errcode: 93000, errmsg: "invalid webhook url" });
      const text = field(body.text, "content");
      if (body.msgtype !== "text" || typeof text !== "string") return refuse(bot, 200, 40008, { errcode: 40008, errmsg: "invalid message type" });
      if (Buffer.byteLength(text) > LIMITS.wecom.maxBytes) return refuse(bot, 200, 40058, { errcode: 40058, errmsg: "content exceed max length 2048" });
      if (overLimit(bot, now)) return refuse(bot, 200, 45009, { errcode: 45009, errmsg: "api freq out of limit" });
      return take(bot, text, { errcode: 0, errmsg: "ok" });
    }

    if (url.pathname === "/robot/send") {
      const bot = bots.get(`dingtalk:${url.searchParams.get("access_token")}`);
      if (!bot) return refuse(undefined, 200, 300001, { errcode: 300001, errmsg: "token is not exist" });
      const timestamp = Number(url.searchParams.get("timestamp"));
      const sign = url.searchParams.get("sign") ?? "";
      const expected = createHmac("sha256", bot.secret ?? "")
        .update(`${timestamp}\n${bot.secret ?? ""}`)
        .digest("base64");
      if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > 3_600_000 || !sameText(sign, expected)) {
        return refuse(bot, 200, 310000, { errcode: 310000, errmsg: "sign not match" });
      }
      if (bot.throttledUntil > now) return refuse(bot, 200, 130101, { errcode: 130101, errmsg: "send too fast, exceed 20 times per minute" });
      const text = field(body.text, "content");
      if (body.msgtype !== "text" || typeof text !== "string") return refuse(bot, 200, 40035, { errcode: 40035, errmsg: "缺少参数 json" });
      if (Buffer.byteLength(text) > LIMITS.dingtalk.maxBytes) return refuse(bot, 200, 460101, { errcode: 460101, errmsg: "message too long" });
      if (overLimit(bot, now)) {
        bot.throttledUntil = now + 10 * 60_000;
        return refuse(bot, 200, 130101, { errcode: 130101, errmsg: "send too fast, exceed 20 times per minute" });
      }
      return take(bot, text, { errcode: 0, errmsg: "ok" });
    }

    const feishu = /^\/open-apis\/bot\/v2\/hook\/([A-Za-z0-9-]+)$/.exec(url.pathname);
    if (feishu) {
      const bot = bots.get(`feishu:${feishu[1]}`);
      if (!bot) return refuse(undefined, 200, 19001, { code: 19001, msg: "param invalid: incoming webhook access token invalid", data: {} });
      if (raw.length > LIMITS.feishu.maxBytes) return refuse(bot, 200, 9499, { code: 9499, msg: "request body too large", data: {} });
      const timestamp = Number(body.timestamp);
      const expected = createHmac("sha256", `${String(body.timestamp)}\n${bot.secret ?? ""}`)
        .update("")
        .digest("base64");
      if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > 3600 || typeof body.sign !== "string" || !sameText(body.sign, expected)) {
        return refuse(bot, 200, 19021, { code: 19021, msg: "sign match fail or timestamp is not within one hour from current time", data: {} });
      }
      const text = field(body.content, "text");
      if (body.msg_type !== "text" || typeof text !== "string") return refuse(bot, 200, 9499, { code: 9499, msg: "Bad Request", data: {} });
      if (overLimit(bot, now)) return refuse(bot, 200, 11232, { code: 11232, msg: "frequency limited psm", data: {} });
      return take(bot, text, { code: 0, msg: "success", data: {} });
    }

    const slack = /^\/services\/(T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]+)$/.exec(url.pathname);
    if (slack) {
      const bot = bots.get(`slack:${slack[1]}`);
      if (!bot) {
        res.writeHead(404, { "content-type": "text/plain" });
        return res.end("no_service");
      }
      if (typeof body.text !== "string" || body.text.length === 0) {
        bot.refusals.push(400);
        res.writeHead(400, { "content-type": "text/plain" });
        return res.end("invalid_payload");
      }
      if (overLimit(bot, now)) return refuse(bot, 429, 429, { ok: false, error: "rate_limited" }, { "retry-after": "1" });
      return take(bot, body.text, null);
    }
    json(res, 404, { errcode: 404, errmsg: "not found" });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { errcode: -1, errmsg: "system busy" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    bot(platform, options = {}) {
      const token = randomBytes(16).toString("hex");
      const upper = randomBytes(4).toString("hex").toUpperCase();
      const credential = {
        wecom: randomUUID(),
        dingtalk: randomBytes(32).toString("hex"),
        feishu: randomUUID(),
        slack: `T${upper}/B${upper}X/${token}`,
      }[platform];
      const secret =
        options.secret !== undefined
          ? options.secret
          : platform === "dingtalk"
            ? `SEC${randomBytes(32).toString("hex")}`
            : platform === "feishu"
              ? randomBytes(12).toString("hex")
              : null;
      const url = {
        wecom: `${base}/cgi-bin/webhook/send?key=${credential}`,
        dingtalk: `${base}/robot/send?access_token=${credential}`,
        feishu: `${base}/open-apis/bot/v2/hook/${credential}`,
        slack: `${base}/services/${credential}`,
      }[platform];
      const bot: StandInBot = { platform, url, secret, received: [], refusals: [], throttledUntil: 0, mode: "normal" };
      bots.set(`${platform}:${credential}`, bot);
      return bot;
    },
    async close() {
      for (const res of silent) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
