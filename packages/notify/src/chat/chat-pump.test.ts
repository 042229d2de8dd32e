// The chat pump on real PostgreSQL against the stand-in robots (testing/chat-receivers.ts): a
// burst on WeCom, DingTalk and Feishu from two senders (two nodes) puts every lead in exactly
// one message per robot without one refusal; a rate-limit answer gives the leads back and
// pauses the channel; an unanswered message is "unknown" and never resent by itself; a wrong
// secret is refused for good and the test message says so.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { formatLeadNumber } from "@once/db/domain";
import { createLeads, testPrisma, waitFor } from "../testing/fixtures.ts";
import { busiestWindow, leadNumbersIn, startChatReceivers, type ChatReceivers, type StandInBot } from "../testing/chat-receivers.ts";
import { readSealKey, seal, urlHint } from "./seal.ts";
import { chatTargets, startChatPump, type ChatPump } from "./start-chat-pump.ts";
import { resendUnknown, sendNext, sendTestMessage, type PumpSettings } from "./chat-pump.ts";
import { readNotifyConfig } from "../config.ts";

const KEY = randomBytes(32).toString("base64");
const config = readNotifyConfig({ NOTIFY_SECRET_KEY: KEY, NOTIFY_CHAT_STAND_INS: "1" });
let prisma: PrismaClient;
let receivers: ChatReceivers;
const pumps: ChatPump[] = [];

beforeAll(async () => {
  prisma = testPrisma();
  receivers = await startChatReceivers();
});
afterEach(async () => {
  while (pumps.length) await pumps.pop()!.stop();
});
afterAll(async () => {
  await receivers.close();
  await prisma.$disconnect();
});

/**
 * A channel as the dashboard saves it: URL and secret sealed under the key. Only the burst's
 * channels take every new lead; the others are dated ahead, so that no pump (this file's, or a
 * worker of another test file on the same database) writes items for them but the test itself.
 */
async function channelFor(bot: StandInBot, language = "zh-CN", takesNewLeads = false) {
  const key = readSealKey(KEY);
  return prisma.chatChannel.create({
    data: {
      platform: bot.platform,
      name: `${bot.platform} test`,
      language,
      urlSealed: seal(key, bot.url),
      secretSealed: bot.secret ? seal(key, bot.secret) : null,
      hint: urlHint(bot.url),
      ...(takesNewLeads ? {} : { createdAt: new Date(Date.now() + 3_600_000) }),
    },
    select: { id: true, platform: true, language: true, urlSealed: true, secretSealed: true, fromEnv: true },
  });
}

const settings = (holder: string, timeoutMs = 2_000): PumpSettings => ({
  holder,
  timeoutMs,
  publicUrl: "https://leads.example.com",
  targetOf: chatTargets(config),
});
const numbersIn = leadNumbersIn;
const busiest = busiestWindow;

async function numbersOf(ids: string[]) {
  const leads = await prisma.lead.findMany({ where: { id: { in: ids } }, select: { number: true } });
  return leads.map((l) => formatLeadNumber(l.number)).sort();
}

describe("chat channels", () => {
  it("a burst from two senders: every lead in exactly one message per robot, digests near the limit, no refusal", async () => {
    const bots = [receivers.bot("wecom"), receivers.bot("dingtalk"), receivers.bot("feishu")];
    for (const bot of bots) await channelFor(bot, "zh-CN", true);
    const ids = await createLeads(prisma, 40, []);
    const expected = await numbersOf(ids);
    // Two nodes' pumps over the same channels.
    pumps.push(startChatPump(prisma, settings("node-a"), { intervalMs: 100, onError: (e) => console.error(e) }));
    pumps.push(startChatPump(prisma, settings("node-b"), { intervalMs: 100, onError: (e) => console.error(e) }));
    for (const bot of bots) {
      await waitFor(() => Promise.resolve(expected.every((n) => numbersIn(bot).includes(n))), 30_000, `every lead on ${bot.platform}`);
    }
    for (const bot of bots) {
      const mine = numbersIn(bot).filter((n) => expected.includes(n));
      expect(mine.sort(), bot.platform).toEqual(expected); // each exactly once
      expect(bot.refusals, bot.platform).toEqual([]);
    }
    const [wecom, dingtalk, feishu] = bots as [StandInBot, StandInBot, StandInBot];
    expect(busiest(wecom, 60_000)).toBeLessThanOrEqual(20);
    expect(busiest(dingtalk, 60_000)).toBeLessThanOrEqual(20);
    expect(busiest(feishu, 1_000)).toBeLessThanOrEqual(5);
    // WeCom's 20 a minute cannot carry 40 leads one by one: some messages are digests.
    expect(wecom.received.some((m) => /新线索 \d+ 条/.test(m.text))).toBe(true);
    // Feishu takes 5 a second: 40 leads at once go out as digests, not as a queue of 40.
    expect(feishu.received.length).toBeLessThan(40);
  }, 60_000);

  it("a rate-limit answer is no delivery: the lead waits while the channel pauses as long as the answer asks, then goes", async () => {
    const bot = receivers.bot("wecom");
    const channel = await channelFor(bot, "en");
    // The robot has taken 20 messages this minute (from elsewhere): it answers 45009.
    for (let i = 0; i < 20; i++) bot.received.push({ text: "earlier", at: Date.now() });
    const [id] = await createLeads(prisma, 1, []);
    const own = settings("node-a");
    const target = own.targetOf(channel)!;
    await prisma.chatItem.create({ data: { channelId: channel.id, leadId: id! } });
    expect(await sendNext(prisma, channel, target, own)).toBe("sent");
    expect(bot.refusals).toEqual([45009]);
    const message = await prisma.chatMessage.findFirstOrThrow({ where: { channelId: channel.id } });
    expect(message).toMatchObject({ status: "rejected", answer: "45009 api freq out of limit" });
    expect(await prisma.chatItem.findFirstOrThrow({ where: { channelId: channel.id } })).toMatchObject({ messageId: null });
    const paused = await prisma.chatChannel.findUniqueOrThrow({ where: { id: channel.id } });
    expect(paused.pausedUntil!.getTime() - message.answeredAt!.getTime()).toBe(60_000);
    expect(await sendNext(prisma, channel, target, own)).toBe("wait");
    // The minute passes (pause lifted, the robot's window empty): the lead goes, once.
    bot.received.length = 0;
    await prisma.chatChannel.update({ where: { id: channel.id }, data: { pausedUntil: null } });
    await prisma.chatMessage.update({
      where: { id: message.id },
      data: { answeredAt: new Date(Date.now() - 120_000), startedAt: new Date(Date.now() - 121_000) },
    });
    expect(await sendNext(prisma, channel, target, own)).toBe("sent");
    expect(bot.received).toHaveLength(1);
    // A one-lead message names the lead and links to it.
    expect(bot.received[0]!.text).toMatch(/^New lead LD-\d{6}/);
    expect(bot.received[0]!.text).toContain(`Open and take it: https://leads.example.com/dashboard/leads/${id}?take=1`);
    expect(await sendNext(prisma, channel, target, own)).toBe("idle");
  });

  it("an escalation goes before waiting new leads, as its own message, with how long the lead has waited", async () => {
    const bot = receivers.bot("dingtalk");
    const channel = await channelFor(bot, "en");
    const [waited, fresh] = await createLeads(prisma, 2, []);
    await prisma.lead.update({ where: { id: waited! }, data: { createdAt: new Date(Date.now() - 31 * 60_000) } });
    const own = settings("node-a");
    const target = own.targetOf(channel)!;
    await prisma.chatItem.createMany({
      data: [
        { channelId: channel.id, leadId: fresh! },
        { channelId: channel.id, leadId: waited!, kind: "escalation" },
      ],
    });
    expect(await sendNext(prisma, channel, target, own)).toBe("sent");
    expect(await sendNext(prisma, channel, target, own)).toBe("sent");
    expect(await sendNext(prisma, channel, target, own)).toBe("idle");
    const [escalation, arrival] = bot.received.map((m) => m.text);
    const [waitedNumber] = await numbersOf([waited!]);
    const [freshNumber] = await numbersOf([fresh!]);
    expect(escalation).toMatch(new RegExp(`^\\[Escalation\\] Lead ${waitedNumber} has waited 31 min without a first response\n`));
    expect(escalation).toContain(`Open and take it: https://leads.example.com/dashboard/leads/${waited}?take=1`);
    expect(escalation).not.toContain(freshNumber);
    expect(arrival).toMatch(new RegExp(`^New lead ${freshNumber}\n`));
  });

  it("a message with no answer is unknown: counted, never resent by itself; an admin's resend names the same lead", async () => {
    const bot = receivers.bot("feishu");
    bot.mode = "silent";
    const channel = await channelFor(bot);
    const [id] = await createLeads(prisma, 1, []);
    const own = settings("node-a", 500);
    const target = own.targetOf(channel)!;
    await prisma.chatItem.create({ data: { channelId: channel.id, leadId: id! } });
    expect(await sendNext(prisma, channel, target, own)).toBe("sent");
    const message = await prisma.chatMessage.findFirstOrThrow({ where: { channelId: channel.id } });
    expect(message).toMatchObject({ status: "unknown", answer: "no answer within 500 ms" });
    expect(await sendNext(prisma, channel, target, own)).toBe("idle");
    expect(bot.received).toHaveLength(1);

    bot.mode = "normal";
    expect(await resendUnknown(prisma, channel.id)).toBe(1);
    expect(await sendNext(prisma, channel, target, own)).toBe("sent");
    expect(bot.received).toHaveLength(2);
    const [first, second] = numbersIn(bot);
    expect(second).toBe(first);
  });

  it("a wrong secret is refused for good: the test message says why, and the channel waits for a fix", async () => {
    const bot = receivers.bot("dingtalk");
    const channel = await channelFor({ ...bot, secret: `SEC${"0".repeat(64)}` });
    const target = settings("node-a").targetOf(channel)!;
    const outcome = await sendTestMessage(prisma, channel, target, 2_000);
    expect(outcome).toEqual({ outcome: "failed", answer: "310000 sign not match", reason: "signature" });
    expect(bot.received).toHaveLength(0);
    // The same robot with its own secret: the test goes through.
    const right = await channelFor(bot);
    expect(await sendTestMessage(prisma, right, settings("node-a").targetOf(right)!, 2_000)).toMatchObject({ outcome: "delivered", answer: "0 ok" });
    expect(bot.received.map((m) => m.text)).toEqual(["测试消息：线索通知已连通。"]);
  });
});
