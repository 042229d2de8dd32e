// Sample-guide orders for the dashboard, newest first, keyset-paginated, with search and
// filters (all in the list's URL). Search finds an order number ("SO-000042" or "42"), the
// contact's name, phone digits and the address; orders are few next to leads, so substring
// search without a trigram index is cheap enough.
import { z } from "zod";
import type { Prisma, PrismaClient } from "@once/db";
import { formatOrderNumber, ORDER_STATUSES } from "@once/db/domain";
import { orderDeliverySelect, orderGuideSelect } from "../order/order-select.ts";
import { safeText } from "../text-safety.ts";
import { excerpt } from "./excerpt.ts";
import { afterCursor, keysetCursor, newestFirst, toPage } from "./keyset.ts";
import { likeLiteral } from "./lead-search.ts";

export const orderListInput = z
  .object({
    cursor: keysetCursor.optional(),
    limit: z.number().int().min(1).max(100).default(25),
    status: z.enum(ORDER_STATUSES).optional(),
    /** A guide's slug. */
    guide: z.string().min(1).max(80).check(safeText("guide")).optional(),
    from: z.coerce.date().optional(),
    to: z.coerce.date().optional(),
    /** Any length and script: an empty or one-character query is no error. */
    search: z.string().trim().max(100).check(safeText("search")).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "the date range ends before it starts", path: ["to"] });
export type OrderListFilter = z.infer<typeof orderListInput>;

const ORDER_NUMBER = /^(?:SO-?)?0*(\d{1,9})$/i;
/** How much of the delivery address a phone's order card shows (the whole one is on the order's page). */
export const ADDRESS_EXCERPT_LENGTH = 60;

export function orderWhere(filter: Omit<OrderListFilter, "cursor" | "limit">): Prisma.OrderWhereInput {
  const where: Prisma.OrderWhereInput = {};
  if (filter.status) where.status = filter.status;
  if (filter.guide) where.guide = { slug: filter.guide };
  if (filter.from || filter.to) where.createdAt = { ...(filter.from && { gte: filter.from }), ...(filter.to && { lte: filter.to }) };
  const search = filter.search?.trim();
  if (search) {
    const text = likeLiteral(search);
    const digits = search.replace(/[\s().+-]/g, "");
    const number = ORDER_NUMBER.exec(search)?.[1];
    where.OR = [
      { contactName: { contains: text, mode: "insensitive" } },
      { address: { contains: text, mode: "insensitive" } },
      ...(/^\d{3,}$/.test(digits) ? [{ contactPhone: { contains: digits } }] : []),
      ...(number ? [{ number: Number(number) }] : []),
    ];
  }
  return where;
}

export async function listOrders(prisma: PrismaClient, filter: OrderListFilter) {
  const where = orderWhere(filter);
  if (filter.cursor) where.AND = afterCursor(filter.cursor);
  const [rows, counts] = await Promise.all([
    prisma.order.findMany({
      where,
      orderBy: newestFirst,
      take: filter.limit + 1,
      // The carrier, shown with a shipped order's status.
      select: { id: true, ...orderDeliverySelect, carrier: true, version: true, guide: orderGuideSelect },
    }),
    filter.cursor ? null : prisma.order.count({ where: orderWhere(filter) }),
  ]);
  const { page, nextCursor } = toPage(rows, filter.limit);
  const items = page.map(({ address, ...o }) => ({
    ...o,
    number: formatOrderNumber(o.number),
    addressExcerpt: address ? excerpt(address, ADDRESS_EXCERPT_LENGTH) : null,
  }));
  return { items, nextCursor, total: counts };
}

/** The guides orders can be filtered by. */
export const orderGuides = (prisma: PrismaClient) => prisma.guide.findMany({ select: { slug: true, titleEn: true, titleZh: true }, orderBy: { slug: "asc" } });
