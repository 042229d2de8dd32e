// What a customer's cancellation of an order is made of, shared by the web form, tRPC, REST and
// the tests: the order's number (REST: the path's "{number}") and the customer's reason.
// Fingerprint: both; the same key with another reason or for another order is a conflict.
// Written with zod/mini: the browser bundles this file.
import { z } from "zod/mini";
import { FIELD_LIMITS } from "../field-limits.ts";
import { requiredText } from "../text-safety.ts";

/** An order's number as receipts print it (formatOrderNumber): "SO-" and at least six digits. */
export const ORDER_NUMBER_PATTERN = /^SO-[0-9]{6,10}$/;

export const cancellationInputSchema = z.object({
  number: z.string().check(z.regex(ORDER_NUMBER_PATTERN, "number must be an order number such as SO-000042")),
  reason: requiredText("reason", FIELD_LIMITS.reason, "multi-line"),
});
export type CancellationInput = z.infer<typeof cancellationInputSchema>;

export const cancellationFingerprint = { fields: ["number", "reason"] } as const;

export const cancellationViewSchema = z.object({
  /** The cancellation's own id: its entry on the order's timeline. */
  id: z.uuid(),
  number: z.string(),
  status: z.literal("cancelled"),
  reason: z.string(),
  cancelledAt: z.string(),
});
export type CancellationView = z.infer<typeof cancellationViewSchema>;
