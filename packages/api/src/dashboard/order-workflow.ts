// Fulfilling an order: received → packed → shipped (with its tracking number) → delivered, or
// cancelled with a reason before it ships (ORDER_TRANSITIONS). Like the lead workflow, every
// change names the version the staff member saw; a stale one writes nothing and answers a
// conflict. The change, its timeline event and, on cancelling, the copies' return to stock
// are one transaction.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { ORDER_STATUSES, ORDER_TRANSITIONS } from "@once/db/domain";
import { safeText } from "../text-safety.ts";
import { UnknownId } from "./unknown-id.ts";

export const orderUpdateInput = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  status: z.enum(ORDER_STATUSES),
  trackingNumber: z.string().trim().max(60).check(safeText("trackingNumber")).optional(),
  reason: z.string().trim().max(500).check(safeText("reason", "multi-line")).optional(),
});

export class OrderConflict extends Error {
  constructor(readonly currentVersion: number) {
    super(`this order was changed by someone else since you opened it (now version ${currentVersion}); reload to see the change`);
  }
}
export class OrderRuleViolation extends Error {}

export async function updateOrderStatus(prisma: PrismaClient, input: z.infer<typeof orderUpdateInput>, actorId: string) {
  const current = await prisma.order.findUnique({ where: { id: input.id }, select: { status: true, version: true, guideId: true, quantity: true } });
  if (!current) throw new UnknownId("order");
  if (current.version !== input.version) throw new OrderConflict(current.version);
  if (!ORDER_TRANSITIONS[current.status].includes(input.status)) {
    throw new OrderRuleViolation(`an order that is ${current.status} cannot become ${input.status}`);
  }
  const trackingNumber = input.status === "shipped" ? input.trackingNumber : undefined;
  const reason = input.status === "cancelled" ? input.reason : undefined;
  if (input.status === "shipped" && !trackingNumber) throw new OrderRuleViolation("shipping needs the tracking number");
  if (input.status === "cancelled" && !reason) throw new OrderRuleViolation("cancelling needs a reason");
  const written = await prisma.$transaction(async (tx) => {
    const updated = await tx.order.updateMany({
      where: { id: input.id, version: input.version },
      data: {
        status: input.status,
        ...(trackingNumber && { trackingNumber }),
        ...(reason && { cancelReason: reason }),
        version: { increment: 1 },
      },
    });
    if (updated.count === 0) return false;
    await tx.orderEvent.create({
      data: { orderId: input.id, actorId, fromStatus: current.status, toStatus: input.status, trackingNumber: trackingNumber ?? null, reason: reason ?? null },
    });
    // The copies were never sent: they are back in stock for the next customer.
    if (input.status === "cancelled") await tx.guide.update({ where: { id: current.guideId }, data: { stock: { increment: current.quantity } } });
    return true;
  });
  if (!written) {
    const now = await prisma.order.findUniqueOrThrow({ where: { id: input.id }, select: { version: true } });
    throw new OrderConflict(now.version);
  }
  return prisma.order.findUniqueOrThrow({
    where: { id: input.id },
    select: { id: true, status: true, version: true, trackingNumber: true, cancelReason: true },
  });
}
