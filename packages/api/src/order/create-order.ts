// order.create: one order per operation. Checks the guide and its per-order limit, takes the
// copies from stock and writes the order, all inside the protocol's transaction.
import type { Prisma } from "@once/db";
import type { IdempotentOperation } from "@once/idempotency/server";
import { reject } from "../business-rejection.ts";
import { customerIdOf } from "../session/customer-session.ts";
import { formatOrderNumber, orderFingerprint, type OrderInput, type OrderView } from "./order-schema.ts";

export const createOrderOperation: IdempotentOperation<OrderInput, OrderView, Prisma.TransactionClient> = {
  type: "order",
  fingerprint: orderFingerprint,
  async execute(tx, input, { principal, key }) {
    const guide = await tx.guide.findFirst({ where: { slug: input.item, active: true }, select: { id: true, maxPerOrder: true } });
    if (!guide) return reject("GUIDE_NOT_FOUND", "Unknown guide", `there is no guide "${input.item}"`);
    if (input.quantity > guide.maxPerOrder) {
      return reject("LIMIT_REACHED", "Quantity above this guide's limit", `at most ${guide.maxPerOrder} copies of "${input.item}" per order`);
    }
    const taken = await tx.guide.updateMany({
      where: { id: guide.id, stock: { gte: input.quantity } },
      data: { stock: { decrement: input.quantity } },
    });
    if (taken.count === 0) return reject("OUT_OF_STOCK", "Out of stock", `not enough copies of "${input.item}" in stock`);

    const order = await tx.order.create({
      data: {
        customerId: customerIdOf(principal),
        operationKey: key,
        guideId: guide.id,
        quantity: input.quantity,
        contactName: input.contact?.name ?? null,
        contactPhone: input.contact?.phone ?? null,
        address: input.contact?.address ?? null,
      },
      select: { id: true, number: true, quantity: true, status: true, createdAt: true },
    });
    const body: OrderView = {
      id: order.id,
      number: formatOrderNumber(order.number),
      item: input.item,
      quantity: order.quantity,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
    };
    return { outcome: "completed", status: 201, body, resultId: order.id };
  },
};
