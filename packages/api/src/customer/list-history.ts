// What /me shows: the customer's own orders and inquiries (explicit select, no whole rows).
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { formatLeadNumber } from "../lead/lead-schema.ts";
import { formatOrderNumber } from "../order/order-schema.ts";

export const customerHistorySchema = z.object({
  orders: z.array(
    z.object({ id: z.string(), number: z.string(), item: z.string(), quantity: z.number(), status: z.string(), createdAt: z.date(), operationKey: z.string() }),
  ),
  leads: z.array(z.object({ id: z.string(), number: z.string(), status: z.string(), createdAt: z.date(), operationKey: z.string() })),
});
export type CustomerHistory = z.infer<typeof customerHistorySchema>;

export async function listCustomerHistory(prisma: PrismaClient, customerId: string, limit = 50): Promise<CustomerHistory> {
  const [orders, leads] = await Promise.all([
    prisma.order.findMany({
      where: { customerId },
      orderBy: { createdAt: "desc" },
      take: limit,
      select: { id: true, number: true, quantity: true, status: true, createdAt: true, operationKey: true, guide: { select: { slug: true } } },
    }),
    prisma.lead.findMany({
      where: { customerId },
      orderBy: { createdAt: "desc" },
      take: limit,
      select: { id: true, number: true, status: true, createdAt: true, operationKey: true },
    }),
  ]);
  return {
    orders: orders.map((o) => ({
      id: o.id,
      number: formatOrderNumber(o.number),
      item: o.guide.slug,
      quantity: o.quantity,
      status: o.status,
      createdAt: o.createdAt,
      operationKey: o.operationKey,
    })),
    leads: leads.map((l) => ({ id: l.id, number: formatLeadNumber(l.number), status: l.status, createdAt: l.createdAt, operationKey: l.operationKey })),
  };
}
