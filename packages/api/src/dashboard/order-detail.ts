// One order with what fulfilment needs: the guide, quantity, where it goes, the timeline of
// its fulfilment (who moved it when) and the customer's other orders (same customer session,
// or the same phone number: one person on two devices).
import type { PrismaClient } from "@once/db";
import { formatOrderNumber } from "@once/db/domain";
import { orderDeliverySelect, orderGuideSelect } from "../order/order-select.ts";

const OTHER_ORDERS = 20;

export async function getOrderDetail(prisma: PrismaClient, id: string) {
  const order = await prisma.order.findUnique({
    where: { id },
    select: {
      id: true,
      ...orderDeliverySelect,
      customerId: true,
      trackingNumber: true,
      carrier: true,
      cancelReason: true,
      version: true,
      updatedAt: true,
      guide: orderGuideSelect,
      events: {
        select: {
          id: true,
          fromStatus: true,
          toStatus: true,
          trackingNumber: true,
          carrier: true,
          reason: true,
          createdAt: true,
          actor: { select: { name: true } },
        },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  if (!order) return null;
  const others = await prisma.order.findMany({
    where: {
      id: { not: order.id },
      OR: [{ customerId: order.customerId }, ...(order.contactPhone ? [{ contactPhone: order.contactPhone }] : [])],
    },
    select: { id: true, number: true, status: true, quantity: true, createdAt: true, guide: { select: { titleEn: true, titleZh: true } } },
    orderBy: { createdAt: "desc" },
    take: OTHER_ORDERS,
  });
  const { customerId: _customer, ...visible } = order;
  return {
    ...visible,
    number: formatOrderNumber(order.number),
    otherOrders: others.map((o) => ({ ...o, number: formatOrderNumber(o.number) })),
  };
}

/** The selected orders for the packing list, in the order they were chosen (at most 100). */
export async function getPackingList(prisma: PrismaClient, ids: readonly string[]) {
  const rows = await prisma.order.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, ...orderDeliverySelect, guide: orderGuideSelect },
  });
  const byId = new Map(rows.map((r) => [r.id, { ...r, number: formatOrderNumber(r.number) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
