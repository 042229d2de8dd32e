// Runs the chat pump (chat-pump.ts) on a node: a pass when a lead is committed (the caller's
// LISTEN on lead_created wakes it) and on a short timer (the fallback, and the clock that
// lets a paused or budget-bound channel go on). Passes never overlap on a node; across nodes
// the channel lease keeps one sender per channel.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { PrismaClient } from "@once/db";
import type { NotifyConfig } from "../config.ts";
import { envChatChannels } from "../config.ts";
import { CHAT_PLATFORMS, type ChatPlatform } from "./platforms.ts";
import { readSealKey, unseal, urlHint } from "./seal.ts";
import { SCAN_WINDOW_MS, sendNext, settleAbandoned, writeChatItems, type PumpSettings } from "./chat-pump.ts";

export interface ChatPump {
  wake(): void;
  stop(): Promise<void>;
}

/** The fixed id of the channel a platform's environment variables configure. */
export const envChannelId = (platform: ChatPlatform): string =>
  `00000000-0000-4000-8000-0000000000${String(CHAT_PLATFORMS.indexOf(platform) + 1).padStart(2, "0")}`;

const PLATFORM_NAMES: Record<ChatPlatform, string> = { wecom: "WeCom", dingtalk: "DingTalk", feishu: "Feishu", slack: "Slack" };

/** Makes the rows of the channels the environment configures (their URL stays in the environment). */
export async function syncEnvChannels(prisma: PrismaClient, config: NotifyConfig): Promise<void> {
  for (const channel of envChatChannels(config)) {
    const id = envChannelId(channel.platform);
    const fields = { language: config.NOTIFY_CHAT_LANGUAGE, hint: urlHint(channel.url) };
    await prisma.chatChannel.upsert({
      where: { id },
      // Dated back by the scan window: a node takes leads before its worker has started (and
      // made this row), and those leads belong to the channel as much as the later ones.
      create: {
        id,
        platform: channel.platform,
        name: `${PLATFORM_NAMES[channel.platform]} (environment)`,
        fromEnv: true,
        createdAt: new Date(Date.now() - SCAN_WINDOW_MS),
        ...fields,
      },
      update: fields,
    });
  }
}

/** How this node opens a channel: from its environment, or with NOTIFY_SECRET_KEY. */
export function chatTargets(config: NotifyConfig): PumpSettings["targetOf"] {
  const key = config.NOTIFY_SECRET_KEY ? readSealKey(config.NOTIFY_SECRET_KEY) : null;
  const fromEnv = envChatChannels(config);
  return (channel) => {
    if (channel.fromEnv) return fromEnv.find((c) => c.platform === channel.platform) ?? null;
    if (!key || !channel.urlSealed) return null;
    try {
      return { platform: channel.platform, url: unseal(key, channel.urlSealed), secret: channel.secretSealed ? unseal(key, channel.secretSealed) : null };
    } catch {
      return null; // sealed under another key: shown on the channels page, never sent with
    }
  };
}

/** What the dashboard's channel page needs from this node's configuration. */
export interface ChatAdminSettings {
  /** Seals what an admin saves; null: NOTIFY_SECRET_KEY is not set, and nothing can be saved. */
  key: Buffer | null;
  allowStandIns: boolean;
  timeoutMs: number;
  targetOf: PumpSettings["targetOf"];
}

export function chatAdminSettings(config: NotifyConfig): ChatAdminSettings {
  return {
    key: config.NOTIFY_SECRET_KEY ? readSealKey(config.NOTIFY_SECRET_KEY) : null,
    allowStandIns: config.NOTIFY_CHAT_STAND_INS,
    timeoutMs: config.NOTIFY_CHAT_TIMEOUT_MS,
    targetOf: chatTargets(config),
  };
}

export function chatPumpSettings(config: NotifyConfig): PumpSettings {
  return {
    holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(0, 64),
    timeoutMs: config.NOTIFY_CHAT_TIMEOUT_MS,
    publicUrl: config.PUBLIC_URL ?? null,
    targetOf: chatTargets(config),
  };
}

export function startChatPump(prisma: PrismaClient, settings: PumpSettings, options: { intervalMs: number; onError: (error: unknown) => void }): ChatPump {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const pass = async () => {
    await settleAbandoned(prisma, settings.timeoutMs);
    await writeChatItems(prisma);
    const channels = await prisma.chatChannel.findMany({
      select: { id: true, platform: true, language: true, urlSealed: true, secretSealed: true, fromEnv: true },
    });
    await Promise.all(
      channels.map(async (channel) => {
        const target = settings.targetOf(channel);
        if (!target) return;
        // Back to back while the budget allows; a channel that waits is looked at next pass.
        for (let sent = 0; sent < 100 && !stopped; sent++) {
          if ((await sendNext(prisma, channel, target, settings)) !== "sent") break;
        }
      }),
    );
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch(options.onError);
      } while (again && !stopped);
    })().finally(() => (running = null));
  };

  const timer = setInterval(wake, options.intervalMs);
  timer.unref();
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
