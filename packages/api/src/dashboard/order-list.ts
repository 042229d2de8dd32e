// Sample-guide orders for the dashboard, newest first, keyset-paginated.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { formatOrderNumber } from "../order/order-schema.ts";

export const orderListInput = z.object({
  cursor: z.object({ createdAt: z.coerce.date(), id: z.uuid() }).optional(),
  limit: z.number().int().min(1).max(100).default(25),
  status: z.enum(["received", "shipped", "delivered", "cancelled"]).optional(),
});

export async function listOrders(prisma: PrismaClient, filter: z.infer<typeof orderListInput>) {
  const rows = await prisma.order.findMany({
    where: {
      ...(filter.status && { status: filter.status }),
      ...(filter.cursor && { OR: [{ createdAt: { lt: filter.cursor.createdAt } }, { createdAt: filter.cursor.createdAt, id: { lt: filter.cursor.id } }] }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: filter.limit + 1,
    select: { id: true, number: true, quantity: true, status: true, createdAt: true, contactName: true, guide: { select: { slug: true, titleEn: true } } },
  });
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: page.map((o) => ({ ...o, number: formatOrderNumber(o.number) })),
    nextCursor: rows.length > filter.limit && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}
