// The outbox as monitoring sees it (/metrics): rows waiting to be delivered per channel and
// status, the age of the oldest one, and the dead letters; per chat platform, the leads waiting
// for their message and the messages that got no answer ("unknown"). One grouped query on the
// (status, created_at) index; the figures are the database's, so every node reports the same.
import type { PrismaClient } from "@once/db";
import type { Channel } from "./config.ts";
import { CHAT_PLATFORMS, type ChatPlatform } from "./chat/platforms.ts";

export const CHANNELS: readonly Channel[] = ["webhook", "email"];
/** Not yet delivered: `pending` (not relayed to pg-boss yet) and `queued` (a job exists). */
export const BACKLOG_STATUSES = ["pending", "queued"] as const;

export interface OutboxStatus {
  backlog: { channel: Channel; status: (typeof BACKLOG_STATUSES)[number]; count: number }[];
  /** Seconds since the oldest row still pending or queued was written; 0 when there is none. */
  oldestPendingSeconds: number;
  deadLetters: { channel: Channel; count: number }[];
  /** Per chat platform: leads waiting for their message, and messages of the last 24 hours sent with no answer. */
  chat: { platform: ChatPlatform; waitingLeads: number; unknownMessages: number }[];
}

export async function readOutboxStatus(prisma: PrismaClient): Promise<OutboxStatus> {
  const rows = await prisma.$queryRawUnsafe<{ channel: Channel; status: string; n: number; oldest_seconds: number }[]>(
    `select channel::text as channel, status::text as status, count(*)::int as n,
            coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_seconds
     from notification_delivery where status in ('pending', 'queued', 'dead') group by channel, status`,
  );
  const chat = await prisma.$queryRawUnsafe<{ platform: ChatPlatform; waiting: number; unknown: number }[]>(
    `select c.platform::text as platform,
            (select count(*) from chat_item i where i.channel_id = c.id and i.message_id is null)::int as waiting,
            (select count(*) from chat_message m where m.channel_id = c.id and m.status = 'unknown'
               and m.started_at > now() - interval '24 hours')::int as unknown
     from chat_channel c`,
  );
  const sum = (platform: ChatPlatform, field: "waiting" | "unknown") => chat.filter((c) => c.platform === platform).reduce((n, c) => n + c[field], 0);
  const count = (channel: Channel, status: string) => rows.find((r) => r.channel === channel && r.status === status)?.n ?? 0;
  const waiting = rows.filter((r) => r.status !== "dead");
  return {
    // Every combination, zeros included, so that each series exists from the first scrape.
    backlog: CHANNELS.flatMap((channel) => BACKLOG_STATUSES.map((status) => ({ channel, status, count: count(channel, status) }))),
    oldestPendingSeconds: Math.max(0, ...waiting.map((r) => r.oldest_seconds)),
    deadLetters: CHANNELS.map((channel) => ({ channel, count: count(channel, "dead") })),
    chat: CHAT_PLATFORMS.map((platform) => ({ platform, waitingLeads: sum(platform, "waiting"), unknownMessages: sum(platform, "unknown") })),
  };
}
