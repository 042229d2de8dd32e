// Sample-guide orders for the dashboard, newest first, keyset-paginated.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { formatOrderNumber, ORDER_STATUSES } from "@once/db/domain";
import { afterCursor, keysetCursor, newestFirst, toPage } from "./keyset.ts";

export const orderListInput = z.object({
  cursor: keysetCursor.optional(),
  limit: z.number().int().min(1).max(100).default(25),
  status: z.enum(ORDER_STATUSES).optional(),
});

export async function listOrders(prisma: PrismaClient, filter: z.infer<typeof orderListInput>) {
  const rows = await prisma.order.findMany({
    where: {
      ...(filter.status && { status: filter.status }),
      ...(filter.cursor && { AND: afterCursor(filter.cursor) }),
    },
    orderBy: newestFirst,
    take: filter.limit + 1,
    select: {
      id: true,
      number: true,
      quantity: true,
      status: true,
      createdAt: true,
      contactName: true,
      guide: { select: { slug: true, titleEn: true, titleZh: true } },
    },
  });
  const { page, nextCursor } = toPage(rows, filter.limit);
  return { items: page.map((o) => ({ ...o, number: formatOrderNumber(o.number) })), nextCursor };
}
