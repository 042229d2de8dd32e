// What an order is made of, shared by the web form, tRPC, REST and the tests.
// Fingerprint: item, quantity and contact; null and a missing contact count the same.
import { z } from "zod";
import { phoneSchema } from "../lead/lead-schema.ts";

/** The most copies any single order may ask for; a guide may allow fewer (maxPerOrder). */
export const ORDER_QUANTITY_LIMIT = 5;

export const deliveryContactSchema = z.object({
  name: z.string().trim().min(1, "name is required").max(50, "name has at most 50 characters"),
  phone: phoneSchema,
  address: z.string().trim().min(1, "address is required").max(300, "address has at most 300 characters"),
});

export const orderInputSchema = z.object({
  /** The guide's slug (seed 003 calls it "item"). */
  item: z.string().trim().min(1, "item is required").max(80, "item has at most 80 characters"),
  quantity: z
    .number({ error: "quantity must be a whole number" })
    .int("quantity must be a whole number")
    .min(1, "quantity is at least 1")
    .max(ORDER_QUANTITY_LIMIT, `quantity is at most ${ORDER_QUANTITY_LIMIT}`),
  /** Optional for API clients (seed 003's body has none); the web form always sends it. */
  contact: deliveryContactSchema.nullish(),
});
export type OrderInput = z.infer<typeof orderInputSchema>;

export const orderFingerprint = { fields: ["item", "quantity", "contact"] } as const;

export const orderViewSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  item: z.string(),
  quantity: z.number().int(),
  status: z.enum(["received", "shipped", "delivered", "cancelled"]),
  createdAt: z.string(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const formatOrderNumber = (n: number) => `SO-${String(n).padStart(6, "0")}`;
