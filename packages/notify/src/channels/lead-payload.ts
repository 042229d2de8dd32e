// What sales receive about a lead, by webhook (JSON) and by e-mail (text). Both are built
// from this one object, so the fields are made line-safe here, once, for every channel.
// "lead.created" goes to sales' channels; "lead.assigned" to the staff member a lead was
// assigned to (`assignee`, e-mail only).
import { formatLeadNumber } from "@once/db/domain";
import type { PrismaClient } from "@once/db";
import { multiLine, singleLine } from "./plain-text.ts";

export interface LeadNotification {
  type: "lead.created" | "lead.assigned";
  deliveryId: string;
  /** lead.assigned only: who was assigned the lead (and is told). */
  assignee?: { name: string; email: string };
  lead: {
    id: string;
    number: string;
    name: string;
    phone: string;
    content: string;
    email: string | null;
    company: string | null;
    possibleDuplicate: boolean;
    createdAt: string;
  };
}

/** A delivery's notification, and the id of the request that created the lead (logs, headers). */
export interface LoadedNotification {
  notification: LeadNotification;
  requestId: string | null;
}

export async function loadLeadNotification(prisma: PrismaClient, deliveryId: string): Promise<LoadedNotification | null> {
  const row = await prisma.notificationDelivery.findUnique({
    where: { id: deliveryId },
    select: {
      kind: true,
      recipient: { select: { name: true, email: true } },
      requestId: true,
      lead: {
        select: { id: true, number: true, name: true, phone: true, content: true, email: true, company: true, possibleDuplicate: true, createdAt: true },
      },
    },
  });
  if (!row) return null;
  const { lead } = row;
  const notification: LeadNotification = {
    type: row.kind === "lead_assigned" ? "lead.assigned" : "lead.created",
    deliveryId,
    ...(row.recipient && { assignee: { name: singleLine(row.recipient.name), email: singleLine(row.recipient.email) } }),
    lead: {
      id: lead.id,
      number: formatLeadNumber(lead.number),
      name: singleLine(lead.name),
      phone: singleLine(lead.phone),
      content: multiLine(lead.content),
      email: lead.email === null ? null : singleLine(lead.email),
      company: lead.company === null ? null : singleLine(lead.company),
      possibleDuplicate: lead.possibleDuplicate,
      createdAt: lead.createdAt.toISOString(),
    },
  };
  return { notification, requestId: row.requestId };
}
