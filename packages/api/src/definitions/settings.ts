// Every operation's settings in one validated record, keyed by the name a definition gives as
// its `settings`. The web app fills it once per process from its environment
// (apps/web/src/server/business-settings.ts) and hands the same object to tRPC (`Context`) and
// REST (`RestDeps`) as `operationSettings`; absent (tests), the defaults apply.
import { z } from "zod/mini";
import { DEFAULT_ORDER_RULES } from "../order/order-rules.ts";

export const operationSettingsSchema = z.object({
  /** Business limits on ordering (order/order-rules.ts). */
  order: z.object({ dailyCopiesPerGuide: z.int().check(z.positive()) }),
  /** The channels each new lead is announced on (one outbox row each). */
  lead: z.object({ channels: z.array(z.enum(["webhook", "email"])) }),
});

export type OperationSettings = z.output<typeof operationSettingsSchema>;
export type SettingsKey = keyof OperationSettings;

export const DEFAULT_OPERATION_SETTINGS: OperationSettings = { order: { ...DEFAULT_ORDER_RULES }, lead: { channels: [] } };

/** Refuses (at start-up) a record that does not hold every operation's settings. */
export const parseOperationSettings = (value: unknown): OperationSettings => operationSettingsSchema.parse(value);
