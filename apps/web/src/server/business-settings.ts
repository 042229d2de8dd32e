// Every operation's settings, read once from the validated environment into the one record
// (@once/api's operationSettingsSchema) and handed to every request's context (tRPC) and
// dependencies (REST) as `operationSettings`: nothing below reads process.env.
import "server-only";
import { parseOperationSettings, type OperationSettings } from "@once/api";
import { chatAdminSettings, configuredChannels, readNotifyConfig, type ChatAdminSettings } from "@once/notify";
import { env } from "~/env";

let settings: OperationSettings | undefined;

/** Validated at start-up (instrumentation), so reading it here cannot fail. */
export const operationSettings = (): OperationSettings =>
  (settings ??= parseOperationSettings({
    order: { dailyCopiesPerGuide: env.ORDER_DAILY_COPIES_PER_GUIDE },
    lead: { channels: configuredChannels(readNotifyConfig()) },
  }));

let chat: ChatAdminSettings | undefined;

/** The chat channels page's settings (NOTIFY_SECRET_KEY, stand-ins, timeout), read once. */
export const chatSettings = (): ChatAdminSettings => (chat ??= chatAdminSettings(readNotifyConfig()));
