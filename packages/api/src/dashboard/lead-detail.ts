// One lead with everything sales need: its operation record, possible duplicates, the
// delivery of its notifications and the notes.
import type { PrismaClient } from "@once/db";
import { DUPLICATE_WINDOW_MS, formatLeadNumber } from "../lead/lead-schema.ts";

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
    prisma.idempotencyRecord.findFirst({
      where: { principal: `customer:${lead.customerId}`, operation: "lead", key: lead.operationKey },
      select: { key: true, fingerprint: true, outcome: true, createdAt: true, completedAt: true, expiresAt: true, replayCount: true, conflictCount: true, inProgressCount: true },
    }),
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
    operation,
    possibleDuplicates: samePhone.map((d) => ({ ...d, number: formatLeadNumber(d.number) })),
  };
}
