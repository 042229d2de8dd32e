// Working a lead: status changes along the workflow, assignment and notes. Every change names
// the version the staff member saw; if someone else changed the lead since, nothing is
// written and the answer is a clear conflict (never a silent overwrite). An unknown lead or
// assignee is an UnknownId (404), checked before the write so it never becomes a foreign-key
// violation. Assigning a lead to someone else tells them by e-mail through the outbox, in the
// assignment's own transaction: once per assignment (issue 13, item 5).
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { enqueueAssignmentNotification, type Channel } from "@once/notify";
import { safeText } from "../text-safety.ts";
import { LEAD_STATUSES, LEAD_TRANSITIONS } from "@once/db/domain";
import { UnknownId } from "./unknown-id.ts";

export const leadUpdateInput = z
  .object({
    id: z.uuid(),
    version: z.number().int().min(1),
    status: z.enum(LEAD_STATUSES).optional(),
    /** A staff id, or null to unassign. */
    assigneeId: z.string().min(1).max(64).check(safeText("assigneeId")).nullable().optional(),
  })
  .refine((u) => u.status !== undefined || u.assigneeId !== undefined, "nothing to change");

export class LeadConflict extends Error {
  constructor(readonly currentVersion: number) {
    super(`this lead was changed by someone else since you opened it (now version ${currentVersion}); reload to see the change`);
  }
}
export class LeadRuleViolation extends Error {}

/** Who makes the change, and the channels the outbox may use (e-mail tells an assignee). */
export interface LeadUpdateContext {
  actorId: string;
  channels: readonly Channel[];
}

export async function updateLead(prisma: PrismaClient, input: z.infer<typeof leadUpdateInput>, context: LeadUpdateContext) {
  const current = await prisma.lead.findUnique({ where: { id: input.id }, select: { status: true, version: true, assigneeId: true } });
  if (!current) throw new UnknownId("lead");
  if (input.status && input.status !== current.status && !LEAD_TRANSITIONS[current.status].includes(input.status)) {
    throw new LeadRuleViolation(`a lead that is ${current.status} cannot become ${input.status}`);
  }
  if (input.assigneeId) {
    const staff = await prisma.user.findUnique({ where: { id: input.assigneeId }, select: { disabledAt: true } });
    if (!staff) throw new UnknownId("staff member");
    if (staff.disabledAt) throw new LeadRuleViolation("this staff member's account is disabled");
  }
  // Told: a new assignee other than the one making the change (who knows already).
  const tell = input.assigneeId && input.assigneeId !== current.assigneeId && input.assigneeId !== context.actorId ? input.assigneeId : null;
  const count = await prisma.$transaction(async (tx) => {
    const updated = await tx.lead.updateMany({
      where: { id: input.id, version: input.version },
      data: {
        ...(input.status && { status: input.status }),
        ...(input.assigneeId !== undefined && { assigneeId: input.assigneeId }),
        version: { increment: 1 },
      },
    });
    if (updated.count === 1 && tell)
      await enqueueAssignmentNotification(tx, { leadId: input.id, assigneeId: tell, leadVersion: input.version + 1 }, context.channels);
    return updated.count;
  });
  if (count === 0) {
    const now = await prisma.lead.findUniqueOrThrow({ where: { id: input.id }, select: { version: true } });
    throw new LeadConflict(now.version);
  }
  return prisma.lead.findUniqueOrThrow({ where: { id: input.id }, select: { id: true, status: true, version: true, assigneeId: true } });
}

export const leadNoteInput = z.object({ id: z.uuid(), body: z.string().trim().min(1, "the note is empty").max(2000).check(safeText("body", "multi-line")) });

export async function addLeadNote(prisma: PrismaClient, authorId: string, input: z.infer<typeof leadNoteInput>) {
  // Leads are never deleted, so checking first leaves no window for the foreign key to fail.
  if ((await prisma.lead.count({ where: { id: input.id } })) === 0) throw new UnknownId("lead");
  return prisma.leadNote.create({ data: { leadId: input.id, authorId, body: input.body }, select: { id: true, body: true, createdAt: true } });
}
