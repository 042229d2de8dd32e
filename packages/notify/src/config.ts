// Which channels notify sales of a new lead, and how hard to try. Read from the environment
// (the same values on web nodes, which write the outbox rows, and on workers, which deliver).
// Takes the environment as a record (process.env by default) so that tests pass their own.
import { createEnv } from "@t3-oss/env-core";
import { z } from "zod";
import { isLoopbackHost } from "./loopback-host.ts";

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
  return env;
}
export type NotifyConfig = ReturnType<typeof readNotifyConfig>;

export type Channel = "webhook" | "email";

export function configuredChannels(config: NotifyConfig): Channel[] {
  const channels: Channel[] = [];
  if (config.NOTIFY_WEBHOOK_URL) channels.push("webhook");
  if (config.NOTIFY_SMTP_URL) channels.push("email");
  return channels;
}
