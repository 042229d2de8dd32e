// Tells the group chats of every new lead, without ever passing a platform's limit.
//
// 1. Items: every lead of the last minutes gets one `chat_item` per channel (a unique pair,
//    written with ON CONFLICT DO NOTHING by whichever node gets there first). A lead's own
//    transaction stays as it was: the lead row is the durable fact, and the scan window (five
//    minutes, far beyond any lead transaction's length) finds each one after it commits.
// 2. One sender per channel across all nodes: a lease on the channel's row.
// 3. The limiter is the `chat_message` log, shared by every node: a message counts from its
//    start until a full window after its answer (so the platform's own count, which starts
//    when the message arrives, can never be higher). While the backlog fits in the minute's
//    budget with a quarter to spare, each lead is its own message; past that, the waiting leads
//    go out together as digests, spaced evenly over the window, so a burst costs a few
//    messages and no sender is throttled.
// 4. Each message's fate is the platform's answer (send-chat.ts): delivered; rejected (its
//    leads wait for the next message, the channel pauses as long as the answer asks); failed
//    (the channel pauses five minutes and shows why); unknown (counted, its leads stay with it,
//    an admin may resend them by hand).
// 5. Escalations (a lead unanswered at twice the team's target: response-clock/sweep.ts writes
//    an `escalation` item per channel, once) go first, by the same rules, as their own messages:
//    a group never reads an escalation inside a digest of new leads.
import type { PrismaClient } from "@once/db";
import { formatLeadNumber } from "@once/db/domain";
import { digestText, leadText, testText, type ChatLanguage, type ChatLead, type ChatNews } from "./chat-text.ts";
import { PLATFORMS, type ChatPlatform } from "./platforms.ts";
import { sendChat, type SendOutcome } from "./send-chat.ts";
import { takeLink } from "../channels/take-link.ts";

/** Where a channel's messages go, once opened (its URL and secret are sealed at rest). */
export interface ChatTarget {
  platform: ChatPlatform;
  url: string;
  secret: string | null;
}

export interface ChannelRow {
  id: string;
  platform: ChatPlatform;
  language: string;
}

export interface PumpSettings {
  /** This node's name on the leases. */
  holder: string;
  timeoutMs: number;
  /** The dashboard's address, for each message's link (none: no link). */
  publicUrl: string | null;
  /** A channel's target, or null when this node cannot open it (no key, not in its environment). */
  targetOf(channel: { id: string; platform: ChatPlatform; urlSealed: string | null; secretSealed: string | null; fromEnv: boolean }): ChatTarget | null;
}

/** How far back the worker looks for leads without their chat items (far beyond any lead transaction). */
export const SCAN_WINDOW_MS = 5 * 60_000;
/**
 * A sender's hold on a channel, renewed before each message, outlasting the longest send; a
 * node that dies loses it this long after (the other nodes take over then).
 */
const leaseSeconds = (timeoutMs: number) => Math.max(8, Math.ceil(timeoutMs / 1000) + 3);
/** A refused-for-good channel is tried again after this (or when an admin changes it). */
export const FAILED_PAUSE_MS = 5 * 60_000;
/** One message of slack below the platform's count, for clocks that disagree. */
const SAFETY = 1;

/** Writes the missing items: one per channel for each lead of the last minutes. */
export async function writeChatItems(prisma: PrismaClient): Promise<number> {
  return prisma.$executeRawUnsafe(
    `insert into chat_item (channel_id, lead_id)
     select c.id, l.id from chat_channel c
     join lead l on l.created_at > now() - make_interval(secs => $1) and l.created_at >= c.created_at
     on conflict do nothing`,
    SCAN_WINDOW_MS / 1000,
  );
}

/** Messages never answered because their sender stopped (a node that died mid-send): unknown. */
export async function settleAbandoned(prisma: PrismaClient, timeoutMs: number): Promise<number> {
  return prisma.$executeRawUnsafe(
    `update chat_message set status = 'unknown', answered_at = now(), answer = 'no answer recorded: the sender stopped'
     where status = 'sending' and started_at < now() - make_interval(secs => $1)`,
    timeoutMs / 1000 + leaseSeconds(timeoutMs),
  );
}

/** Takes or renews the channel's lease for this node; false when another node holds it. */
async function lease(prisma: PrismaClient, channelId: string, holder: string, timeoutMs: number): Promise<boolean> {
  const taken = await prisma.$executeRawUnsafe(
    `update chat_channel set lease_holder = $2, lease_until = now() + make_interval(secs => $3)
     where id = $1::uuid and (lease_holder = $2 or lease_until is null or lease_until < now())`,
    channelId,
    holder,
    leaseSeconds(timeoutMs),
  );
  return taken === 1;
}

/** The channel's budget now: messages left in the minute (and the second), and the last start. */
export async function budgetOf(prisma: PrismaClient, channel: { id: string; platform: ChatPlatform }) {
  const [row] = await prisma.$queryRawUnsafe<{ minute: number; second: number; last_ms: number | null; paused_ms: number | null }[]>(
    `select (select count(*) from chat_message m where m.channel_id = c.id and m.started_at > now() - interval '5 minutes'
               and coalesce(m.answered_at, now()) > now() - interval '61 seconds')::int as minute,
            (select count(*) from chat_message m where m.channel_id = c.id and m.started_at > now() - interval '5 minutes'
               and coalesce(m.answered_at, now()) > now() - interval '1100 milliseconds')::int as second,
            (select extract(epoch from now() - max(m.started_at)) * 1000 from chat_message m
               where m.channel_id = c.id and m.started_at > now() - interval '5 minutes')::float8 as last_ms,
            (extract(epoch from c.paused_until - now()) * 1000)::float8 as paused_ms
     from chat_channel c where c.id = $1::uuid`,
    channel.id,
  );
  const limits = PLATFORMS[channel.platform].limits;
  const minuteLeft = limits.perMinute - SAFETY - (row?.minute ?? 0);
  const secondLeft = limits.perSecond ? limits.perSecond - (row?.second ?? 0) : minuteLeft;
  return {
    left: Math.min(minuteLeft, secondLeft),
    minuteLeft,
    sinceLastMs: row?.last_ms ?? null,
    pausedMs: row?.paused_ms !== null && row?.paused_ms !== undefined && row.paused_ms > 0 ? row.paused_ms : 0,
  };
}

const leadSelect = {
  id: true,
  number: true,
  name: true,
  phone: true,
  company: true,
  content: true,
  possibleDuplicate: true,
  createdAt: true,
  assignee: { select: { name: true } },
} as const;

type LeadRow = {
  id: string;
  number: number;
  name: string;
  phone: string;
  company: string | null;
  content: string;
  possibleDuplicate: boolean;
  createdAt: Date;
  assignee: { name: string } | null;
};
const chatLead = (lead: LeadRow): ChatLead => ({
  number: formatLeadNumber(lead.number),
  waitedMinutes: Math.max(0, Math.floor((Date.now() - lead.createdAt.getTime()) / 60_000)),
  name: lead.name,
  phone: lead.phone,
  company: lead.company,
  content: lead.content,
  owner: lead.assignee?.name ?? null,
  possibleDuplicate: lead.possibleDuplicate,
});

const languageOf = (channel: { language: string }): ChatLanguage => (channel.language === "en" ? "en" : "zh-CN");

/**
 * Sends the channel's next message, if its budget allows: "sent" (try again at once), "wait"
 * (budget or pause), "idle" (nothing waits), "busy" (another node holds the channel).
 */
export async function sendNext(
  prisma: PrismaClient,
  channel: ChannelRow,
  target: ChatTarget,
  settings: PumpSettings,
): Promise<"sent" | "wait" | "idle" | "busy"> {
  if (!(await lease(prisma, channel.id, settings.holder, settings.timeoutMs))) return "busy";
  // Escalations first ("escalation" sorts after "arrival" in the enum), then by lead number.
  const waiting = await prisma.chatItem.findMany({
    where: { channelId: channel.id, messageId: null },
    orderBy: [{ kind: "desc" }, { lead: { number: "asc" } }],
    take: 100,
    select: { kind: true, lead: { select: leadSelect } },
  });
  if (waiting.length === 0) return "idle";
  const news: ChatNews = waiting[0]!.kind;
  const budget = await budgetOf(prisma, channel);
  if (budget.pausedMs > 0 || budget.left <= 0) return "wait";
  const spec = PLATFORMS[channel.platform];
  const language = languageOf(channel);
  const leads = waiting.filter((w) => w.kind === news).map((w) => w.lead);
  const reserve = Math.ceil(spec.limits.perMinute / 4);
  // One message per lead only while they all fit: in the minute's budget with a quarter to
  // spare, and (where the platform also counts per second) within one second's allowance;
  // otherwise a digest now beats a queue of single messages that grows faster than it drains.
  const oneByOne = leads.length <= Math.min(budget.minuteLeft - reserve, spec.limits.perSecond ?? Infinity);
  let carried: LeadRow[];
  let text: string;
  if (oneByOne) {
    carried = [leads[0]!];
    text = leadText(chatLead(leads[0]!), language, spec.maxTextBytes, takeLink(settings.publicUrl, leads[0]!.id), news);
  } else {
    // Digests spaced evenly over the window: the budget lasts until the window turns.
    const spacing = 60_000 / spec.limits.perMinute;
    if (budget.sinceLastMs !== null && budget.sinceLastMs < spacing) return "wait";
    const digest = digestText(leads.map(chatLead), language, spec.maxTextBytes, news);
    carried = leads.slice(0, digest.count);
    text = digest.count === 1 ? leadText(chatLead(leads[0]!), language, spec.maxTextBytes, null, news) : digest.text;
  }
  const ids = carried.map((l) => l.id);
  // The message and its leads are claimed together; a lead another sender took in between undoes the claim.
  const message = await prisma
    .$transaction(async (tx) => {
      const created = await tx.chatMessage.create({ data: { channelId: channel.id, leadCount: ids.length }, select: { id: true } });
      const { count } = await tx.chatItem.updateMany({
        where: { channelId: channel.id, kind: news, leadId: { in: ids }, messageId: null },
        data: { messageId: created.id },
      });
      if (count !== ids.length) throw new ClaimLost();
      return created;
    })
    .catch((error: unknown) => {
      if (error instanceof ClaimLost) return null;
      throw error;
    });
  if (!message) return "sent";
  const outcome = await sendChat(target, text, { timeoutMs: settings.timeoutMs });
  await recordOutcome(prisma, channel.id, message.id, outcome);
  return "sent";
}

class ClaimLost extends Error {}

/** Stores what the platform said; a message it did not take gives its leads back. */
export async function recordOutcome(prisma: PrismaClient, channelId: string, messageId: string, outcome: SendOutcome): Promise<void> {
  const answeredAt = new Date();
  await prisma.$transaction(async (tx) => {
    await tx.chatMessage.update({ where: { id: messageId }, data: { status: outcome.outcome, answeredAt, answer: outcome.answer.slice(0, 300) } });
    if (outcome.outcome === "rejected" || outcome.outcome === "failed") {
      await tx.chatItem.updateMany({ where: { messageId }, data: { messageId: null } });
      const pause = outcome.outcome === "rejected" ? outcome.waitMs : FAILED_PAUSE_MS;
      await tx.chatChannel.update({
        where: { id: channelId },
        data: { pausedUntil: new Date(answeredAt.getTime() + pause), lastError: outcome.answer.slice(0, 300) },
      });
    } else if (outcome.outcome === "delivered") {
      await tx.chatChannel.update({ where: { id: channelId }, data: { lastError: null } });
    }
  });
}

/** An admin's test message: counted like any other, refused while the channel's budget is spent. */
export async function sendTestMessage(
  prisma: PrismaClient,
  channel: ChannelRow,
  target: ChatTarget,
  timeoutMs: number,
): Promise<SendOutcome | { outcome: "over_limit"; waitSeconds: number }> {
  const budget = await budgetOf(prisma, channel);
  if (budget.left <= 0) return { outcome: "over_limit", waitSeconds: 60 };
  const message = await prisma.chatMessage.create({ data: { channelId: channel.id, test: true }, select: { id: true } });
  const outcome = await sendChat(target, testText(languageOf(channel)), { timeoutMs });
  await prisma.chatMessage.update({
    where: { id: message.id },
    data: { status: outcome.outcome, answeredAt: new Date(), answer: outcome.answer.slice(0, 300) },
  });
  // A test that went through ends a pause for good refusals: the admin fixed what was wrong.
  if (outcome.outcome === "delivered") await prisma.chatChannel.update({ where: { id: channel.id }, data: { lastError: null, pausedUntil: null } });
  return outcome;
}

/** Gives the leads of an unanswered message back to the channel (an admin's "send again"). */
export async function resendUnknown(prisma: PrismaClient, channelId: string): Promise<number> {
  const { count } = await prisma.chatItem.updateMany({ where: { channelId, message: { status: "unknown" } }, data: { messageId: null } });
  return count;
}
