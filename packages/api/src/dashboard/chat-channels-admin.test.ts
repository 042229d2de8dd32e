// The chat channels page's procedures on real PostgreSQL against the stand-in robots: only
// admins; a URL of another platform, a missing or ill-formed secret, no key: each refused with
// its code and nothing saved; what is saved is sealed and never answered back; the test message
// reports the platform's verdict (a wrong secret says "signature"); replacing the secret ends
// the channel's pause; channels set by environment variables cannot be changed here.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { chatAdminSettings, readNotifyConfig, type ChatAdminSettings } from "@once/notify";
import { startChatReceivers, type ChatReceivers } from "@once/notify/testing/chat-receivers";
import { TRPCError } from "@trpc/server";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
let receivers: ChatReceivers;
const chat: ChatAdminSettings = chatAdminSettings(readNotifyConfig({ NOTIFY_SECRET_KEY: randomBytes(32).toString("base64"), NOTIFY_CHAT_STAND_INS: "1" }));
const adminId = randomUUID();

beforeAll(async () => {
  prisma = testPrisma();
  receivers = await startChatReceivers();
  await prisma.user.create({ data: { id: adminId, name: "Channel Admin", email: `${adminId}@example.com`, role: "admin" } });
});
afterAll(async () => {
  await receivers.close();
  await prisma.$disconnect();
});

const as = (role: "admin" | "sales", settings: ChatAdminSettings = chat) =>
  createCaller(createContextInner({ prisma, customerId: null, chat: settings, staff: { id: adminId, role, name: "Channel Admin", email: "a@example.com" } }))
    .dashboard.channels;
/** The application's code where there is one, else tRPC's. */
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "saved",
    (e: unknown) => (e instanceof ProtocolTRPCError ? e.protocol.code : e instanceof TRPCError ? e.code : e),
  );

describe("chat channels page", () => {
  it("refuses what is not the platform's, saves sealed, tests, replaces, and never shows the URL or secret again", async () => {
    const bot = receivers.bot("dingtalk");
    const before = await prisma.chatChannel.count();
    const base = { platform: "dingtalk" as const, name: "华东销售群", language: "zh-CN" as const };
    expect(await codeOf(as("sales").list())).toBe("FORBIDDEN");
    expect(await codeOf(as("admin").create({ ...base, url: receivers.bot("wecom").url, secret: bot.secret }))).toBe("URL_NOT_PLATFORM");
    expect(await codeOf(as("admin").create({ ...base, url: bot.url, secret: "" }))).toBe("SECRET_REQUIRED");
    expect(await codeOf(as("admin").create({ ...base, url: bot.url, secret: "wrong-form" }))).toBe("SECRET_NOT_PLATFORM");
    expect(await codeOf(as("admin", { ...chat, key: null }).create({ ...base, url: bot.url, secret: bot.secret }))).toBe("KEY_MISSING");
    expect(await codeOf(as("admin").create({ ...base, name: "", url: bot.url, secret: bot.secret }))).toBe("BAD_REQUEST");
    expect(await prisma.chatChannel.count()).toBe(before);

    // Saved with a secret of the right form that is not this robot's: the test says "signature".
    const { id } = await as("admin").create({ ...base, url: bot.url, secret: `SEC${"0".repeat(64)}` });
    const stored = await prisma.chatChannel.findUniqueOrThrow({ where: { id } });
    expect(stored.urlSealed).not.toContain("access_token");
    expect(JSON.stringify(await as("admin").list())).not.toContain(bot.url.split("=")[1]!);
    expect(await as("admin").test({ id })).toEqual({ outcome: "failed", reason: "signature", answer: "310000 sign not match" });
    expect(bot.received).toHaveLength(0);

    // The right secret: the test goes through, in the channel's language.
    await as("admin").replace({ id, url: bot.url, secret: bot.secret });
    expect(await as("admin").test({ id })).toEqual({ outcome: "delivered", answer: "0 ok" });
    expect(bot.received.map((m) => m.text)).toEqual(["测试消息：线索通知已连通。"]);
    const listed = (await as("admin").list()).find((c) => c.id === id)!;
    expect(listed).toMatchObject({ name: "华东销售群", platform: "dingtalk", ready: true, paused: false, lastError: null, hint: `…${bot.url.slice(-4)}` });

    await as("admin").delete({ id });
    expect(await codeOf(as("admin").test({ id }))).toBe("NOT_FOUND");
  });

  it("a channel set by environment variables is listed and tested, not changed here", async () => {
    const id = "00000000-0000-4000-8000-000000000099";
    await prisma.chatChannel.create({ data: { id, platform: "slack", name: "Slack (environment)", fromEnv: true, hint: "…abcd" } });
    expect(await codeOf(as("admin").delete({ id }))).toBe("FROM_ENVIRONMENT");
    expect(await codeOf(as("admin").replace({ id, url: receivers.bot("slack").url }))).toBe("FROM_ENVIRONMENT");
    // This node's environment has no Slack robot: it says it cannot open it.
    expect(await as("admin").test({ id })).toEqual({ outcome: "cannot_open", answer: "" });
    expect((await as("admin").list()).find((c) => c.id === id)).toMatchObject({ fromEnv: true, ready: false });
  });
});
