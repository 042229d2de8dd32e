// The chat channels page (/dashboard/channels, admins only): the group chats that hear of each
// new lead (packages/notify/src/chat). An admin adds a robot by its URL (and secret, where the
// platform signs), checked against the platform's own form; both are sealed before they are
// stored and never shown again (only the URL's last characters). "Send a test message" posts
// through the same limiter and reports the platform's answer; a channel refused for good
// (a wrong secret) waits until its URL or secret is replaced. Channels set by environment
// variables are listed, tested and resent, but changed only where they are configured.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { CHAT_PLATFORMS, resendUnknown, seal, secretProblem, sendTestMessage, urlHint, urlProblem, type ChatAdminSettings } from "@once/notify";
import { safeText } from "../text-safety.ts";
import { UnknownId } from "./unknown-id.ts";

export const CHANNEL_LIMITS = { name: 60, url: 500, secret: 200, channels: 20 } as const;

const url = z.string().trim().min(1, "the robot's URL is required").max(CHANNEL_LIMITS.url).check(safeText("url"));
const secret = z
  .string()
  .trim()
  .max(CHANNEL_LIMITS.secret)
  .check(safeText("secret"))
  .transform((s) => (s === "" ? null : s))
  .nullable()
  .optional();

export const channelInput = z.object({
  platform: z.enum(CHAT_PLATFORMS),
  name: z.string().trim().min(1, "a channel needs a name").max(CHANNEL_LIMITS.name).check(safeText("name")),
  language: z.enum(["zh-CN", "en"]),
  url,
  secret,
});
export const replaceInput = z.object({ id: z.uuid(), url, secret });

export type ChannelRefusalReason = "URL_NOT_PLATFORM" | "SECRET_REQUIRED" | "SECRET_NOT_PLATFORM" | "KEY_MISSING" | "TOO_MANY_CHANNELS" | "FROM_ENVIRONMENT";

export class ChannelRefusal extends Error {
  constructor(
    readonly reason: ChannelRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every channel with what happened on it in the last 24 hours; nothing secret. */
export async function listChannels(prisma: PrismaClient, settings: ChatAdminSettings) {
  const since = new Date(Date.now() - DAY_MS);
  const [channels, messages, waiting, unknownLeads] = await Promise.all([
    prisma.chatChannel.findMany({
      orderBy: { createdAt: "asc" },
      select: {
        id: true,
        platform: true,
        name: true,
        language: true,
        hint: true,
        fromEnv: true,
        pausedUntil: true,
        lastError: true,
        urlSealed: true,
        secretSealed: true,
      },
    }),
    prisma.chatMessage.groupBy({
      by: ["channelId", "status"],
      where: { startedAt: { gte: since }, test: false },
      _count: { _all: true },
      _sum: { leadCount: true },
    }),
    prisma.chatItem.groupBy({ by: ["channelId"], where: { messageId: null }, _count: { _all: true } }),
    prisma.chatItem.groupBy({ by: ["channelId"], where: { message: { status: "unknown" } }, _count: { _all: true } }),
  ]);
  const of = (channelId: string, status: string) => messages.find((m) => m.channelId === channelId && m.status === status);
  return channels.map(({ urlSealed, secretSealed, ...c }) => ({
    ...c,
    /** This node can open it (its key, or its environment): otherwise nothing is sent with it from here. */
    ready: settings.targetOf({ ...c, urlSealed, secretSealed }) !== null,
    paused: c.pausedUntil !== null && c.pausedUntil > new Date(),
    last24h: {
      messages: of(c.id, "delivered")?._count._all ?? 0,
      leads: of(c.id, "delivered")?._sum.leadCount ?? 0,
      unknown: of(c.id, "unknown")?._count._all ?? 0,
      refused: (of(c.id, "rejected")?._count._all ?? 0) + (of(c.id, "failed")?._count._all ?? 0),
    },
    waitingLeads: waiting.find((w) => w.channelId === c.id)?._count._all ?? 0,
    unknownLeads: unknownLeads.find((w) => w.channelId === c.id)?._count._all ?? 0,
  }));
}

/** The URL and secret checked against the platform and sealed; a one-line refusal otherwise. */
function sealed(settings: ChatAdminSettings, platform: (typeof CHAT_PLATFORMS)[number], input: { url: string; secret?: string | null | undefined }) {
  if (!settings.key) throw new ChannelRefusal("KEY_MISSING", "NOTIFY_SECRET_KEY is not set on this server: nothing secret can be saved");
  const urlWrong = urlProblem(platform, input.url, { allowStandIns: settings.allowStandIns });
  if (urlWrong) throw new ChannelRefusal("URL_NOT_PLATFORM", `this is not a ${platform} robot URL (${urlWrong.replaceAll("_", " ")})`);
  const secretWrong = secretProblem(platform, input.secret ?? null);
  if (secretWrong === "required") throw new ChannelRefusal("SECRET_REQUIRED", `a ${platform} robot needs its signing secret`);
  if (secretWrong) throw new ChannelRefusal("SECRET_NOT_PLATFORM", `this is not a ${platform} signing secret`);
  const secretSealed = secretProblem(platform, null) === null ? null : seal(settings.key, input.secret!);
  return { urlSealed: seal(settings.key, input.url), secretSealed, hint: urlHint(input.url) };
}

export async function createChannel(prisma: PrismaClient, settings: ChatAdminSettings, input: z.infer<typeof channelInput>) {
  const fields = sealed(settings, input.platform, input);
  if ((await prisma.chatChannel.count()) >= CHANNEL_LIMITS.channels) {
    throw new ChannelRefusal("TOO_MANY_CHANNELS", `there are at most ${CHANNEL_LIMITS.channels} chat channels; delete one first`);
  }
  const created = await prisma.chatChannel.create({
    data: { platform: input.platform, name: input.name, language: input.language, ...fields },
    select: { id: true },
  });
  return { id: created.id, hint: fields.hint };
}

async function dashboardChannel(prisma: PrismaClient, id: string) {
  const channel = await prisma.chatChannel.findUnique({ where: { id }, select: { id: true, platform: true, fromEnv: true } });
  if (!channel) throw new UnknownId("chat channel");
  if (channel.fromEnv) throw new ChannelRefusal("FROM_ENVIRONMENT", "this channel is set by environment variables; change it there");
  return channel;
}

/** New URL and/or secret: the pause of a channel refused for good ends with it. */
export async function replaceChannel(prisma: PrismaClient, settings: ChatAdminSettings, input: z.infer<typeof replaceInput>) {
  const channel = await dashboardChannel(prisma, input.id);
  const fields = sealed(settings, channel.platform, input);
  await prisma.chatChannel.update({ where: { id: input.id }, data: { ...fields, pausedUntil: null, lastError: null } });
  return { hint: fields.hint };
}

export async function deleteChannel(prisma: PrismaClient, id: string) {
  await dashboardChannel(prisma, id);
  await prisma.chatChannel.delete({ where: { id } });
  return { deleted: true };
}

/** Posts the test message now and answers what the platform said (its own words beside the verdict). */
export async function testChannel(prisma: PrismaClient, settings: ChatAdminSettings, id: string) {
  const channel = await prisma.chatChannel.findUnique({
    where: { id },
    select: { id: true, platform: true, language: true, fromEnv: true, urlSealed: true, secretSealed: true },
  });
  if (!channel) throw new UnknownId("chat channel");
  const target = settings.targetOf(channel);
  if (!target) return { outcome: "cannot_open" as const, answer: "" };
  const outcome = await sendTestMessage(prisma, channel, target, settings.timeoutMs);
  if (outcome.outcome === "over_limit") return { outcome: "over_limit" as const, answer: "" };
  if (outcome.outcome === "failed") return { outcome: "failed" as const, reason: outcome.reason, answer: outcome.answer };
  return { outcome: outcome.outcome, answer: outcome.answer };
}

/** The leads of messages that went unanswered go again, in the next message (an admin's call: they may arrive twice). */
export async function resendChannelUnknown(prisma: PrismaClient, id: string) {
  if (!(await prisma.chatChannel.findUnique({ where: { id }, select: { id: true } }))) throw new UnknownId("chat channel");
  return { leads: await resendUnknown(prisma, id) };
}
