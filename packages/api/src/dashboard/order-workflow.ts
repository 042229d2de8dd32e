// Fulfilling an order: received → packed → shipped (with its carrier and tracking number) →
// delivered, or cancelled with a reason before it ships (ORDER_TRANSITIONS). Two actions, as the
// order page has two panels: `fulfilOrder` moves it along (packing, shipping, delivery) and
// `cancelOrder` ends it; both go through `moveOrder`. Like the lead workflow, every change
// names the version the staff member saw; a stale one writes nothing and answers a conflict.
// Everything a step needs is checked before the transaction (a shipment against its carrier:
// ../order/shipment-schema.ts), so a refusal writes nothing; the change, its timeline event and,
// on cancelling, the copies' return to stock are one transaction.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { ORDER_TRANSITIONS, type OrderStatus } from "@once/db/domain";
import { shipmentRefusal, shipmentSchema, type ShipmentRefusalReason } from "../order/shipment-schema.ts";
import { safeText } from "../text-safety.ts";
import { UnknownId } from "./unknown-id.ts";

const seen = { id: z.uuid(), version: z.number().int().min(1) };

/**
 * A step of the Fulfilment panel. The carrier is any short text here, so that one not in the
 * table is answered with its own code (UNKNOWN_CARRIER) rather than as a malformed request.
 */
export const orderFulfilInput = z.discriminatedUnion("status", [
  z.object({ ...seen, status: z.literal("packed") }),
  z.object({
    ...seen,
    status: z.literal("shipped"),
    carrier: z.string().trim().min(1).max(20).check(safeText("carrier")),
    trackingNumber: z.string().trim().min(1).max(60).check(safeText("trackingNumber")),
  }),
  z.object({ ...seen, status: z.literal("delivered") }),
]);

/** The Cancel order panel: the reason is required. */
export const orderCancelInput = z.object({ ...seen, reason: z.string().trim().min(1).max(500).check(safeText("reason", "multi-line")) });

export class OrderConflict extends Error {
  constructor(readonly currentVersion: number) {
    super(`this order was changed by someone else since you opened it (now version ${currentVersion}); reload to see the change`);
  }
}
export class OrderRuleViolation extends Error {}
/** A shipment the carrier table refuses: answered with its code, which the page words. */
export class ShipmentRefusal extends Error {
  constructor(
    readonly reason: ShipmentRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** What a step writes beside the status, on the order and on its timeline event. */
interface StepDetails {
  trackingNumber?: string;
  carrier?: string;
  reason?: string;
}

export async function fulfilOrder(prisma: PrismaClient, input: z.infer<typeof orderFulfilInput>, actorId: string) {
  if (input.status !== "shipped") return moveOrder(prisma, input, input.status, {}, actorId);
  const shipment = shipmentSchema.safeParse({ carrier: input.carrier, trackingNumber: input.trackingNumber });
  if (!shipment.success) {
    const reason = shipmentRefusal(shipment.error);
    throw new ShipmentRefusal(
      reason,
      reason === "UNKNOWN_CARRIER" ? `no carrier "${input.carrier}" in the list` : `this is not a tracking number of carrier ${input.carrier}`,
    );
  }
  return moveOrder(prisma, input, "shipped", shipment.data, actorId);
}

export const cancelOrder = (prisma: PrismaClient, input: z.infer<typeof orderCancelInput>, actorId: string) =>
  moveOrder(prisma, input, "cancelled", { reason: input.reason }, actorId);

async function moveOrder(prisma: PrismaClient, seenAt: { id: string; version: number }, to: OrderStatus, details: StepDetails, actorId: string) {
  const current = await prisma.order.findUnique({ where: { id: seenAt.id }, select: { status: true, version: true, guideId: true, quantity: true } });
  if (!current) throw new UnknownId("order");
  if (current.version !== seenAt.version) throw new OrderConflict(current.version);
  if (!ORDER_TRANSITIONS[current.status].includes(to)) throw new OrderRuleViolation(`an order that is ${current.status} cannot become ${to}`);
  const written = await prisma.$transaction(async (tx) => {
    const updated = await tx.order.updateMany({
      where: { id: seenAt.id, version: seenAt.version },
      data: {
        status: to,
        ...(details.trackingNumber && { trackingNumber: details.trackingNumber, carrier: details.carrier }),
        ...(details.reason && { cancelReason: details.reason }),
        version: { increment: 1 },
      },
    });
    if (updated.count === 0) return false;
    await tx.orderEvent.create({
      data: {
        orderId: seenAt.id,
        actorId,
        fromStatus: current.status,
        toStatus: to,
        trackingNumber: details.trackingNumber ?? null,
        carrier: details.carrier ?? null,
        reason: details.reason ?? null,
      },
    });
    // The copies were never sent: they are back in stock for the next customer.
    if (to === "cancelled") await tx.guide.update({ where: { id: current.guideId }, data: { stock: { increment: current.quantity } } });
    return true;
  });
  if (!written) {
    const now = await prisma.order.findUniqueOrThrow({ where: { id: seenAt.id }, select: { version: true } });
    throw new OrderConflict(now.version);
  }
  return prisma.order.findUniqueOrThrow({
    where: { id: seenAt.id },
    select: { id: true, status: true, version: true, trackingNumber: true, carrier: true, cancelReason: true },
  });
}
