// The product's domain constants, from the one place that defines them: the statuses are the
// enums of prisma/schema.prisma (as generated), the public numbers are the sequences formatted
// here. Browser-safe (no client, no driver): the web app, the API and the notifier import
// these, so a status or a number format is written once.
import { LeadStatus, OrderStatus } from "./generated/prisma/enums.ts";

export { LeadStatus, OrderStatus };
/** A notification's channel and delivery state (the dashboard words them in the reader's language). */
export type { ArrivalAssignment, DeliveryStatus, NotificationChannel } from "./generated/prisma/enums.ts";

export const LEAD_STATUSES = Object.values(LeadStatus) as [LeadStatus, ...LeadStatus[]];
export const ORDER_STATUSES = Object.values(OrderStatus) as [OrderStatus, ...OrderStatus[]];

/** "LD-000042": how customers, sales and the webhook see a lead's number. */
export const formatLeadNumber = (n: number) => `LD-${String(n).padStart(6, "0")}`;
/** "SO-000042": a sample-guide order's number. */
export const formatOrderNumber = (n: number) => `SO-${String(n).padStart(6, "0")}`;

/**
 * How far along the workflow each status is. Staff may set any status; a move to an earlier
 * stage, or out of a final one (won, lost), is "backwards" and must give a reason, kept in the
 * lead's activity history.
 */
export const LEAD_STAGE: Readonly<Record<LeadStatus, number>> = { new: 0, contacted: 1, qualified: 2, won: 3, lost: 3 };

export function isBackwardMove(from: LeadStatus, to: LeadStatus): boolean {
  if (from === to) return false;
  return LEAD_STAGE[to] < LEAD_STAGE[from] || LEAD_STAGE[from] === 3;
}

/**
 * Which order status may follow which (the fulfilment workflow): received → packed → shipped →
 * delivered; cancelled (with a reason) until it has left the warehouse. delivered and cancelled
 * are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  received: ["packed", "cancelled"],
  packed: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};
