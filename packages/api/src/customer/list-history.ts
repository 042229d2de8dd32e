// What /me shows: the customer's own orders and inquiries (explicit select, no whole rows):
// each order with its guide's titles, each inquiry with the opening words of its message (the
// customer's own text, shown back only to them), so the list reads without opening anything.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { formatLeadNumber } from "../lead/lead-schema.ts";
import { formatOrderNumber } from "../order/order-schema.ts";
import { orderGuideSelect } from "../order/order-select.ts";

export const customerHistorySchema = z.object({
  orders: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      item: z.string(),
      titleEn: z.string(),
      titleZh: z.string(),
      quantity: z.number(),
      status: z.string(),
      createdAt: z.date(),
      operationKey: z.string(),
    }),
  ),
  leads: z.array(z.object({ id: z.string(), number: z.string(), excerpt: z.string(), status: z.string(), createdAt: z.date(), operationKey: z.string() })),
});

/** How much of an inquiry's message the list shows. */
export const EXCERPT_CHARS = 140;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
}
export type CustomerHistory = z.infer<typeof customerHistorySchema>;

export async function listCustomerHistory(prisma: PrismaClient, customerId: string, limit = 50): Promise<CustomerHistory> {
  const [orders, leads] = await Promise.all([
    prisma.order.findMany({
      where: { customerId },
      orderBy: { createdAt: "desc" },
      take: limit,
      select: {
        id: true,
        number: true,
        quantity: true,
        status: true,
        createdAt: true,
        operationKey: true,
        guide: orderGuideSelect,
      },
    }),
    prisma.lead.findMany({
      where: { customerId },
      orderBy: { createdAt: "desc" },
      take: limit,
      select: { id: true, number: true, status: true, createdAt: true, operationKey: true, content: true },
    }),
  ]);
  return {
    orders: orders.map((o) => ({
      id: o.id,
      number: formatOrderNumber(o.number),
      item: o.guide.slug,
      titleEn: o.guide.titleEn,
      titleZh: o.guide.titleZh,
      quantity: o.quantity,
      status: o.status,
      createdAt: o.createdAt,
      operationKey: o.operationKey,
    })),
    leads: leads.map((l) => ({
      id: l.id,
      number: formatLeadNumber(l.number),
      excerpt: excerpt(l.content),
      status: l.status,
      createdAt: l.createdAt,
      operationKey: l.operationKey,
    })),
  };
}
