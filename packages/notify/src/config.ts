// Which channels notify sales of a new lead, and how hard to try. Read from the environment
// (the same values on web nodes, which write the outbox rows, and on workers, which deliver).
// Takes the environment as a record (process.env by default) so that tests pass their own.
import { createEnv } from "@t3-oss/env-core";
import { z } from "zod";
import { isLoopbackHost } from "./loopback-host.ts";
import { readSealKey } from "./chat/seal.ts";
import { CHAT_PLATFORMS, secretProblem, urlProblem, type ChatPlatform } from "./chat/platforms.ts";

/** In production the signed lead data must not cross a network in clear text. */
function webhookUrl(production: boolean) {
  const url = z.url({ protocol: /^https?$/ });
  if (!production) return url;
  return url.refine(
    (value) => {
      if (!URL.canParse(value)) return true; // z.url() reports that, and a wrong protocol
      const parsed = new URL(value);
      return parsed.protocol !== "http:" || isLoopbackHost(parsed.hostname);
    },
    { error: "must be https:// in production (http:// only for a loopback host)" },
  );
}

export function readNotifyConfig(source: NodeJS.ProcessEnv = process.env) {
  const env = createEnv({
    server: {
      NOTIFY_WEBHOOK_URL: webhookUrl(source.NODE_ENV === "production").optional(),
      /** Standard Webhooks secret: "whsec_" + base64 of at least 24 random bytes. */
      NOTIFY_WEBHOOK_SECRET: z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=]{32,}$/, "must be whsec_ followed by base64")
        .optional(),
      NOTIFY_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
      NOTIFY_SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
      NOTIFY_EMAIL_FROM: z.email().default("leads@localhost"),
      NOTIFY_EMAIL_TO: z.email().optional(),
      /** Deliveries under way at once per channel on each node (each waits mostly on the receiver). */
      NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
      /** Attempts per delivery before it becomes a dead letter. */
      NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
      /** First retry delay; pg-boss doubles it each attempt (exponential backoff). */
      NOTIFY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
      /** An attempt still running after this is presumed lost (worker died) and retried. */
      NOTIFY_ATTEMPT_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
      /** How often pg-boss looks for expired attempts (and does its other upkeep). */
      NOTIFY_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
      /** Seals chat channels' URLs and secrets saved in the dashboard: 32 random bytes, Base64. */
      NOTIFY_SECRET_KEY: z.string().optional(),
      /** Chat channels by environment (beside those an admin adds in the dashboard). */
      NOTIFY_WECOM_URL: z.string().optional(),
      NOTIFY_DINGTALK_URL: z.string().optional(),
      NOTIFY_DINGTALK_SECRET: z.string().optional(),
      NOTIFY_FEISHU_URL: z.string().optional(),
      NOTIFY_FEISHU_SECRET: z.string().optional(),
      NOTIFY_SLACK_URL: z.string().optional(),
      /** The language of the chat channels configured by environment. */
      NOTIFY_CHAT_LANGUAGE: z.enum(["zh-CN", "en"]).default("zh-CN"),
      /** How long a chat platform may take to answer before the message counts as "unknown". */
      NOTIFY_CHAT_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(5_000),
      /** Tests and benchmarks: a loopback stand-in may take a platform's place (same path, signature and limits). */
      NOTIFY_CHAT_STAND_INS: z
        .enum(["0", "1"])
        .default("0")
        .transform((v) => v === "1"),
      /** The dashboard's public address, for the link in each chat message and task reminder. */
      PUBLIC_URL: z.url().optional(),
    },
    runtimeEnv: source,
    emptyStringAsUndefined: true,
    // One line per problem, naming the variable (as the web app's own environment does).
    onValidationError: (issues) => {
      const lines = issues.map((issue) => {
        const name = issue.path?.map((p) => (typeof p === "object" ? p.key : p)).join(".") ?? "?";
        return `invalid environment variable ${String(name)}: ${issue.message}`;
      });
      throw new Error(lines.join("; "));
    },
  });
  if (env.NOTIFY_WEBHOOK_URL && !env.NOTIFY_WEBHOOK_SECRET) throw new Error("NOTIFY_WEBHOOK_SECRET is required with NOTIFY_WEBHOOK_URL");
  if (env.NOTIFY_SMTP_URL && !env.NOTIFY_EMAIL_TO) throw new Error("NOTIFY_EMAIL_TO is required with NOTIFY_SMTP_URL");
  if (env.NOTIFY_SECRET_KEY) readSealKey(env.NOTIFY_SECRET_KEY);
  for (const channel of envChatChannels(env)) {
    const name = `NOTIFY_${channel.platform.toUpperCase()}`;
    const url = urlProblem(channel.platform, channel.url, { allowStandIns: env.NOTIFY_CHAT_STAND_INS });
    if (url) throw new Error(`invalid environment variable ${name}_URL: not a ${channel.platform} robot URL (${url.replaceAll("_", " ")})`);
    const secret = secretProblem(channel.platform, channel.secret);
    if (secret)
      throw new Error(
        `invalid environment variable ${name}_SECRET: ${secret === "required" ? "required with " + name + "_URL" : "not the form the platform prints"}`,
      );
  }
  return env;
}

/** The chat channels the environment configures, one per platform at most. */
export function envChatChannels(env: {
  NOTIFY_WECOM_URL?: string | undefined;
  NOTIFY_DINGTALK_URL?: string | undefined;
  NOTIFY_DINGTALK_SECRET?: string | undefined;
  NOTIFY_FEISHU_URL?: string | undefined;
  NOTIFY_FEISHU_SECRET?: string | undefined;
  NOTIFY_SLACK_URL?: string | undefined;
}): { platform: ChatPlatform; url: string; secret: string | null }[] {
  const byPlatform: Record<ChatPlatform, [string | undefined, string | undefined]> = {
    wecom: [env.NOTIFY_WECOM_URL, undefined],
    dingtalk: [env.NOTIFY_DINGTALK_URL, env.NOTIFY_DINGTALK_SECRET],
    feishu: [env.NOTIFY_FEISHU_URL, env.NOTIFY_FEISHU_SECRET],
    slack: [env.NOTIFY_SLACK_URL, undefined],
  };
  return CHAT_PLATFORMS.flatMap((platform) => {
    const [url, secret] = byPlatform[platform];
    return url ? [{ platform, url, secret: secret ?? null }] : [];
  });
}
export type NotifyConfig = ReturnType<typeof readNotifyConfig>;

export type Channel = "webhook" | "email";

export function configuredChannels(config: NotifyConfig): Channel[] {
  const channels: Channel[] = [];
  if (config.NOTIFY_WEBHOOK_URL) channels.push("webhook");
  if (config.NOTIFY_SMTP_URL) channels.push("email");
  return channels;
}
