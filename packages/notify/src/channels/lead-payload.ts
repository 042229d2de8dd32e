// What sales receive about a lead, by webhook (JSON) and by e-mail (text). Both are built
// from this one object, so the fields are made line-safe here, once, for every channel.
// "lead.created" goes to sales' channels; "lead.assigned" to the staff member a lead was
// assigned to (`assignee`, e-mail only); "task.reminder" to a follow-up task's assignee at its
// due time (`task`, e-mail only).
import { formatLeadNumber } from "@once/db/domain";
import type { PrismaClient } from "@once/db";
import { multiLine, singleLine } from "./plain-text.ts";

export interface LeadNotification {
  /** lead.reminder: the owner, at the first-response target; lead.escalated: the admins, at twice it. */
  type: "lead.created" | "lead.assigned" | "lead.reminder" | "lead.escalated" | "task.reminder";
  deliveryId: string;
  /** lead.assigned and lead.reminder: the staff member told (the lead's owner); task.reminder: the task's assignee. */
  assignee?: { name: string; email: string };
  /** lead.escalated: the admins' addresses (every admin not disabled, at the time of sending). */
  admins?: string[];
  /** task.reminder: the task (null fields once it was deleted after its reminder was written). */
  task?: { title: string; dueAt: string } | null;
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

const TYPES = {
  lead_created: "lead.created",
  lead_assigned: "lead.assigned",
  lead_reminder: "lead.reminder",
  lead_escalated: "lead.escalated",
  task_reminder: "task.reminder",
} as const satisfies Record<string, LeadNotification["type"]>;

export async function loadLeadNotification(prisma: PrismaClient, deliveryId: string): Promise<LoadedNotification | null> {
  const row = await prisma.notificationDelivery.findUnique({
    where: { id: deliveryId },
    select: {
      kind: true,
      recipient: { select: { name: true, email: true } },
      requestId: true,
      task: { select: { title: true, dueAt: true } },
      lead: {
        select: { id: true, number: true, name: true, phone: true, content: true, email: true, company: true, possibleDuplicate: true, createdAt: true },
      },
    },
  });
  if (!row) return null;
  const { lead } = row;
  const admins =
    row.kind === "lead_escalated"
      ? (await prisma.user.findMany({ where: { role: "admin", disabledAt: null }, select: { email: true }, orderBy: { email: "asc" } })).map((a) =>
          singleLine(a.email),
        )
      : undefined;
  const notification: LeadNotification = {
    type: TYPES[row.kind],
    deliveryId,
    ...(admins && { admins }),
    ...(row.kind === "task_reminder" && { task: row.task && { title: singleLine(row.task.title), dueAt: row.task.dueAt.toISOString() } }),
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
