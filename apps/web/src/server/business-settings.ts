// The business operations' settings, read once from the validated environment and handed to
// every request's context (tRPC) and dependencies (REST): nothing below reads process.env.
import "server-only";
import type { LeadSettings, OrderRules } from "@once/api";
import { configuredChannels, readNotifyConfig } from "@once/notify";
import { env } from "~/env";

let lead: LeadSettings | undefined;

export const orderRules = (): OrderRules => ({ dailyCopiesPerGuide: env.ORDER_DAILY_COPIES_PER_GUIDE });

/** Validated at start-up (instrumentation), so reading it here cannot fail. */
export const leadSettings = (): LeadSettings => (lead ??= { channels: configuredChannels(readNotifyConfig()) });
