// What an order is made of, shared by the web form, tRPC, REST and the tests.
// Fingerprint: item, quantity and contact; null and a missing contact count the same.
// Written with zod/mini: the browser bundles this file, and mini tree-shakes. Every text field
// refuses characters PostgreSQL cannot store or a reader cannot see (text-safety.ts).
import { z } from "zod/mini";
import { formatOrderNumber, ORDER_STATUSES } from "@once/db/domain";
import { phoneSchema } from "../lead/lead-schema.ts";
import { FIELD_LIMITS } from "../field-limits.ts";
import { requiredText } from "../text-safety.ts";

/** The most copies any single order may ask for; a guide may allow fewer (maxPerOrder). */
export const ORDER_QUANTITY_LIMIT = 5;

export const deliveryContactSchema = z.object({
  name: requiredText("name", FIELD_LIMITS.name),
  phone: phoneSchema,
  /** Postal addresses span lines (the form's autocomplete token is the multi-line "street-address"). */
  address: requiredText("address", FIELD_LIMITS.address, "multi-line"),
});

export const orderInputSchema = z.object({
  /** The guide's slug (the sample-guide order write-up, "seed 003" in docs/GUARANTEES.md, calls it "item"). */
  item: requiredText("item", FIELD_LIMITS.item),
  quantity: z
    .int({ error: "quantity must be a whole number" })
    .check(z.minimum(1, "quantity is at least 1"), z.maximum(ORDER_QUANTITY_LIMIT, `quantity is at most ${ORDER_QUANTITY_LIMIT}`)),
  /** Optional for API clients (seed 003's body has none, docs/GUARANTEES.md); the web form always sends it. */
  contact: z.nullish(deliveryContactSchema),
});
export type OrderInput = z.infer<typeof orderInputSchema>;

/** The web form always asks for the delivery contact. */
export const webOrderInputSchema = z.extend(orderInputSchema, { contact: deliveryContactSchema });

export const orderFingerprint = { fields: ["item", "quantity", "contact"] } as const;

export const orderViewSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  item: z.string(),
  quantity: z.int(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export { formatOrderNumber };
