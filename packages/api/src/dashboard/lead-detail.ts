// One lead with everything sales need: its operation record, possible duplicates, the
// delivery of its notifications and the notes.
import type { PrismaClient } from "@once/db";
import { DUPLICATE_WINDOW_MS, formatLeadNumber } from "../lead/lead-schema.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { recordStore } from "../operation/record-store.ts";
import { customerPrincipal } from "../session/customer-session.ts";

export async function getLeadDetail(prisma: PrismaClient, id: string) {
  const lead = await prisma.lead.findUnique({
    where: { id },
    select: {
      id: true,
      number: true,
      name: true,
      phone: true,
      email: true,
      company: true,
      content: true,
      status: true,
      version: true,
      possibleDuplicate: true,
      duplicateOfId: true,
      createdAt: true,
      customerId: true,
      operationKey: true,
      assignee: { select: { id: true, name: true } },
      deliveries: { select: { id: true, channel: true, status: true, attempts: true, lastError: true, deliveredAt: true }, orderBy: { channel: "asc" } },
      notes: { select: { id: true, body: true, createdAt: true, author: { select: { name: true } } }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!lead) return null;
  const [operation, samePhone] = await Promise.all([
    recordStore(prisma).find({ principal: customerPrincipal(lead.customerId), operation: submitLeadOperation.type }, lead.operationKey),
    prisma.lead.findMany({
      where: {
        phone: lead.phone,
        id: { not: lead.id },
        createdAt: { gte: new Date(lead.createdAt.getTime() - DUPLICATE_WINDOW_MS), lte: new Date(lead.createdAt.getTime() + DUPLICATE_WINDOW_MS) },
      },
      select: { id: true, number: true, createdAt: true },
      orderBy: { createdAt: "asc" },
      take: 20,
    }),
  ]);
  const { customerId: _customer, ...visible } = lead;
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
    possibleDuplicates: samePhone.map((d) => ({ ...d, number: formatLeadNumber(d.number) })),
  };
}
