// One lead with everything sales need: its operation record, possible duplicates, the
// delivery of its notifications (outbox rows, and its message on each chat channel), the notes and its activity history (status and assignee
// changes, with who and when; the page merges them into one timeline).
import type { PrismaClient } from "@once/db";
import { DUPLICATE_WINDOW_MS, formatLeadNumber } from "../lead/lead-schema.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { recordStore } from "../records/record-store.ts";
import { customerPrincipal } from "../session/customer-session.ts";
import { leadFieldsSelect } from "./lead-list.ts";
import { formatOrderNumber } from "@once/db/domain";

export async function getLeadDetail(prisma: PrismaClient, id: string) {
  const lead = await prisma.lead.findUnique({
    where: { id },
    select: {
      ...leadFieldsSelect,
      duplicateOfId: true,
      arrivalAssignment: true,
      customerId: true,
      operationKey: true,
      deliveries: {
        select: { id: true, kind: true, channel: true, status: true, attempts: true, lastError: true, deliveredAt: true, createdAt: true },
        orderBy: { channel: "asc" },
      },
      activities: {
        select: {
          id: true,
          kind: true,
          fromStatus: true,
          toStatus: true,
          fromAssigneeId: true,
          toAssigneeId: true,
          reason: true,
          taskTitle: true,
          taskDueAt: true,
          fromTaskTitle: true,
          fromTaskDueAt: true,
          createdAt: true,
          actor: { select: { name: true } },
        },
        orderBy: { createdAt: "asc" },
      },
      notes: { select: { id: true, body: true, createdAt: true, author: { select: { name: true } } }, orderBy: { createdAt: "asc" } },
      mergedInto: { select: { id: true, number: true } },
      guide: { select: { slug: true, titleZh: true, titleEn: true } },
      mergesAsPrimary: {
        select: {
          id: true,
          createdAt: true,
          undoneAt: true,
          actor: { select: { name: true } },
          undoneBy: { select: { name: true } },
          merged: { select: { number: true } },
        },
        orderBy: { createdAt: "asc" },
      },
      mergedLeads: {
        select: { number: true, notes: { select: { id: true, body: true, createdAt: true, author: { select: { name: true } } } } },
      },
      chatItems: {
        select: {
          kind: true,
          createdAt: true,
          channel: { select: { name: true, platform: true } },
          message: { select: { status: true, leadCount: true, startedAt: true, answeredAt: true } },
        },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  if (!lead) return null;
  // Who got it at arrival: the one the first reassignment took it from, or whoever has it still.
  const firstReassignment = lead.activities.find((a) => a.kind === "assignee");
  const arrivalOwnerId = firstReassignment ? firstReassignment.fromAssigneeId : (lead.assignee?.id ?? null);
  const assigneeIds = [
    ...new Set([...lead.activities.flatMap((a) => [a.fromAssigneeId, a.toAssigneeId]), arrivalOwnerId].filter((id): id is string => id !== null)),
  ];
  const [operation, sameCustomer, people, orders] = await Promise.all([
    recordStore(prisma).find({ principal: customerPrincipal(lead.customerId), operation: submitLeadOperation.type }, lead.operationKey),
    prisma.lead.findMany({
      where: {
        OR: lead.email ? [{ phone: lead.phone }, { email: lead.email }] : [{ phone: lead.phone }],
        id: { not: lead.id },
        createdAt: { gte: new Date(lead.createdAt.getTime() - DUPLICATE_WINDOW_MS), lte: new Date(lead.createdAt.getTime() + DUPLICATE_WINDOW_MS) },
      },
      select: { id: true, number: true, createdAt: true, status: true, mergedIntoId: true },
      orderBy: { createdAt: "asc" },
      take: 20,
    }),
    assigneeIds.length ? prisma.user.findMany({ where: { id: { in: assigneeIds } }, select: { id: true, name: true } }) : [],
    // The same customer's orders: by the same phone.
    prisma.order.findMany({
      where: { contactPhone: lead.phone },
      select: { id: true, number: true, createdAt: true, status: true },
      orderBy: { createdAt: "desc" },
      take: 10,
    }),
  ]);
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const { customerId: _customer, mergesAsPrimary, mergedLeads, mergedInto, ...visible } = lead;
  return {
    ...visible,
    number: formatLeadNumber(lead.number),
    operation: operation && {
      key: operation.key,
      outcome: operation.outcome,
      createdAt: operation.createdAt,
      expiresAt: operation.expiresAt,
      replayCount: operation.counters.replayed,
      conflictCount: operation.counters.conflict,
      inProgressCount: operation.counters.inProgress,
    },
    activities: lead.activities.map(({ fromAssigneeId, toAssigneeId, ...a }) => ({
      ...a,
      fromAssignee: fromAssigneeId ? (nameOf.get(fromAssigneeId) ?? fromAssigneeId) : null,
      toAssignee: toAssigneeId ? (nameOf.get(toAssigneeId) ?? toAssigneeId) : null,
    })),
    /** How the lead got its first owner, in the transaction that created it (lead/assign-owner.ts). */
    arrival: lead.arrivalAssignment && arrivalOwnerId ? { how: lead.arrivalAssignment, owner: nameOf.get(arrivalOwnerId) ?? arrivalOwnerId } : null,
    possibleDuplicates: sameCustomer.map((d) => ({ ...d, number: formatLeadNumber(d.number) })),
    orders: orders.map((o) => ({ ...o, number: formatOrderNumber(o.number) })),
    mergedInto: mergedInto && { id: mergedInto.id, number: formatLeadNumber(mergedInto.number) },
    merges: mergesAsPrimary.map(({ merged, ...m }) => ({ ...m, number: formatLeadNumber(merged.number) })),
    /** The merged leads' notes, shown on this (their primary's) timeline. */
    mergedNotes: mergedLeads.flatMap((m) => m.notes.map((n) => ({ ...n, number: formatLeadNumber(m.number) }))),
  };
}
