// order.create: one order per operation. Checks the guide and its per-order limit, takes the
// copies from stock and writes the order, all inside the protocol's transaction.
import type { Prisma } from "@once/db";
import type { IdempotentOperation } from "@once/idempotency/server";
import { reject } from "../business-rejection.ts";
import type { RateLimits } from "../limits/rate-limits.ts";
import { customerIdOf } from "../session/customer-session.ts";
import { DEFAULT_ORDER_RULES, type OrderRules } from "./order-rules.ts";
import { phoneSpellings } from "./phone-spellings.ts";
import { operationIdentity } from "../definitions/define.ts";
import { formatOrderNumber, type OrderInput, type OrderView } from "./order-schema.ts";

/** Where an order comes from, for the daily limit of orders that name no phone. */
export interface OrderOrigin {
  limits?: RateLimits;
  clientAddress: string;
}

/** order.create under the given business rules (the daily limit per guide). */
export const orderOperation = (
  rules: OrderRules = DEFAULT_ORDER_RULES,
  origin?: OrderOrigin,
): IdempotentOperation<OrderInput, OrderView, Prisma.TransactionClient> => ({
  ...operationIdentity("order"),
  async execute(tx, input, { principal, key }) {
    // The guide's row is locked first: orders of one guide take turns, so the daily count
    // below cannot be passed by two concurrent orders of the same customer.
    const [guide] = await tx.$queryRaw<{ id: string; maxPerOrder: number }[]>`
      select id, max_per_order as "maxPerOrder" from guide where slug = ${input.item} and active for update`;
    if (!guide) return reject("GUIDE_NOT_FOUND", `there is no guide "${input.item}"`);
    if (input.quantity > guide.maxPerOrder) {
      return reject("LIMIT_REACHED", `at most ${guide.maxPerOrder} copies of "${input.item}" per order`);
    }
    const { dailyCopiesPerGuide } = rules;
    const phone = input.contact?.phone ?? null;
    const ordered = await copiesOrderedToday(tx, guide.id, customerIdOf(principal), phone);
    // An order without a phone names no customer beyond its session, and sessions are free: its
    // copies are also counted per client address (the shared budget, all nodes), so fresh
    // sessions buy none. They are spent when the order is checked, even if it then fails (a
    // rejection commits). Taken on this transaction, which holds the guide's row: on a
    // connection of its own it could wait behind a pooler for ever (RateLimits.takeInTransaction).
    const overAddress =
      phone === null && origin?.limits
        ? await origin.limits.takeInTransaction(tx, "order-address", `${origin.clientAddress} ${guide.id}`, input.quantity)
        : null;
    if (ordered + input.quantity > dailyCopiesPerGuide || overAddress !== null) {
      return reject("DAILY_LIMIT_REACHED", `at most ${dailyCopiesPerGuide} copies of "${input.item}" per customer and phone number in 24 hours`);
    }
    const taken = await tx.guide.updateMany({
      where: { id: guide.id, stock: { gte: input.quantity } },
      data: { stock: { decrement: input.quantity } },
    });
    if (taken.count === 0) return reject("OUT_OF_STOCK", `not enough copies of "${input.item}" in stock`);

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
});

/** order.create under the default rules. */
export const createOrderOperation = orderOperation();

/** Copies of a guide ordered in the last 24 hours by this customer or to this phone number (any spelling). */
async function copiesOrderedToday(tx: Prisma.TransactionClient, guideId: string, customerId: string, phone: string | null): Promise<number> {
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const byCustomerOrPhone: Prisma.OrderWhereInput[] = [{ customerId }];
  if (phone) byCustomerOrPhone.push({ contactPhone: { in: phoneSpellings(phone) } });
  const { _sum } = await tx.order.aggregate({ _sum: { quantity: true }, where: { guideId, createdAt: { gt: since }, OR: byCustomerOrPhone } });
  return _sum.quantity ?? 0;
}
