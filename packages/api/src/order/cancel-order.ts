// order.cancel: the customer who placed an order cancels it before it is packed. One
// transaction with the protocol's record: the order becomes cancelled with the reason, its
// timeline gains the customer's entry (no staff actor), and the copies go back to stock, as when
// staff cancel (dashboard/order-workflow.ts). Packed, shipped or already cancelled, it says so as
// a stored business rejection, replayed under the key like every outcome.
import type { Prisma } from "@once/db";
import type { IdempotentOperation } from "@once/idempotency/server";
import { operationIdentity } from "../definitions/define.ts";
import { reject } from "../business-rejection.ts";
import { customerIdOf } from "../session/customer-session.ts";
import type { CancellationInput, CancellationView } from "./cancellation-schema.ts";

/** sample_order.number is a PostgreSQL integer: a larger number is no order (and no query). */
const MAX_ORDER_NUMBER = 2_147_483_647;
const alreadyCancelled = () => reject("ALREADY_CANCELLED", "this order is already cancelled");
const alreadyPacked = () => reject("ALREADY_PACKED", "this order is already being packed or on its way and can no longer be cancelled");

export const cancellationOperation = (): IdempotentOperation<CancellationInput, CancellationView, Prisma.TransactionClient> => ({
  ...operationIdentity("cancellation"),
  async execute(tx, input, { principal }) {
    const number = Number(input.number.slice("SO-".length));
    // Another customer's order answers as no order at all: a number reveals nothing.
    const order =
      number <= MAX_ORDER_NUMBER
        ? await tx.order.findFirst({
            where: { number, customerId: customerIdOf(principal) },
            select: { id: true, status: true, guideId: true, quantity: true },
          })
        : null;
    if (!order) return reject("ORDER_NOT_FOUND", "you have no order with this number");
    if (order.status === "cancelled") return alreadyCancelled();
    if (order.status !== "received") return alreadyPacked();
    // Only while it is still received: staff packing it at this moment either commit first
    // (nothing is updated here, and the rejection says why) or wait for this transaction.
    const changed = await tx.order.updateMany({
      where: { id: order.id, status: "received" },
      data: { status: "cancelled", cancelReason: input.reason, version: { increment: 1 } },
    });
    if (changed.count === 0) {
      const now = await tx.order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true } });
      return now.status === "cancelled" ? alreadyCancelled() : alreadyPacked();
    }
    const event = await tx.orderEvent.create({
      data: { orderId: order.id, actorId: null, fromStatus: "received", toStatus: "cancelled", reason: input.reason },
      select: { id: true, createdAt: true },
    });
    // The copies were never sent: they are back in stock for the next customer.
    await tx.guide.update({ where: { id: order.guideId }, data: { stock: { increment: order.quantity } } });
    const body: CancellationView = {
      id: event.id,
      number: input.number,
      status: "cancelled",
      reason: input.reason,
      cancelledAt: event.createdAt.toISOString(),
    };
    return { outcome: "completed", status: 201, body, resultId: event.id };
  },
});
