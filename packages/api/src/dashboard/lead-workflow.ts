// Working a lead: status changes, assignment and notes. Every change names the version the staff
// member saw; if someone else changed the lead since, nothing is written and the answer is a
// clear conflict (never a silent overwrite). Any status may be set; a move backwards (to an
// earlier stage, or out of won/lost) needs a reason. Each status or assignee change is written
// to the lead's activity history (lead_activity: who, when, from, to, reason) in the change's
// own transaction. An unknown lead or assignee is an UnknownId (404), checked before the write
// so it never becomes a foreign-key violation. Assigning a lead to someone else tells them by
// e-mail through the outbox, in the same transaction: once per assignment (issue 13, item 5).
// The first status change, note, or taking of the lead is its first response (the clock of
// packages/notify/src/response-clock stops there).
import { z } from "zod";
import type { Prisma, PrismaClient } from "@once/db";
import { enqueueAssignmentNotification, type Channel } from "@once/notify";
import { safeText } from "../text-safety.ts";
import { isBackwardMove, LEAD_STATUSES } from "@once/db/domain";
import { UnknownId } from "./unknown-id.ts";

const reason = z.string().trim().max(500).check(safeText("reason", "multi-line"));

export const leadUpdateInput = z
  .object({
    id: z.uuid(),
    version: z.number().int().min(1),
    status: z.enum(LEAD_STATUSES).optional(),
    /** A staff id, or null to unassign. */
    assigneeId: z.string().min(1).max(64).check(safeText("assigneeId")).nullable().optional(),
    /** Why a status moves backwards (required then, ignored otherwise). */
    reason: reason.optional(),
  })
  .refine((u) => u.status !== undefined || u.assigneeId !== undefined, "nothing to change");
export type LeadUpdate = z.infer<typeof leadUpdateInput>;

export class LeadConflict extends Error {
  constructor(readonly currentVersion: number) {
    super(`this lead was changed by someone else since you opened it (now version ${currentVersion}); reload to see the change`);
  }
}
export class LeadRuleViolation extends Error {
  constructor(
    message: string,
    readonly rule: "reason_required" | "assignee_disabled",
  ) {
    super(message);
  }
}

/** Who makes the change, and the channels the outbox may use (e-mail tells an assignee). */
export interface LeadUpdateContext {
  actorId: string;
  channels: readonly Channel[];
}

export async function updateLead(prisma: PrismaClient, input: LeadUpdate, context: LeadUpdateContext) {
  const current = await prisma.lead.findUnique({ where: { id: input.id }, select: { status: true, version: true, assigneeId: true } });
  if (!current) throw new UnknownId("lead");
  const newStatus = input.status && input.status !== current.status ? input.status : undefined;
  if (newStatus && isBackwardMove(current.status, newStatus) && !input.reason) {
    throw new LeadRuleViolation(`moving a lead from ${current.status} back to ${newStatus} needs a reason`, "reason_required");
  }
  if (input.assigneeId) {
    const staff = await prisma.user.findUnique({ where: { id: input.assigneeId }, select: { disabledAt: true } });
    if (!staff) throw new UnknownId("staff member");
    if (staff.disabledAt) throw new LeadRuleViolation("this staff member's account is disabled", "assignee_disabled");
  }
  const newAssignee = input.assigneeId !== undefined && input.assigneeId !== current.assigneeId;
  // Told: a new assignee other than the one making the change (who knows already).
  const tell = input.assigneeId && newAssignee && input.assigneeId !== context.actorId ? input.assigneeId : null;
  const version = input.version + 1;
  const count = await prisma.$transaction(async (tx) => {
    const updated = await tx.lead.updateMany({
      where: { id: input.id, version: input.version },
      data: {
        ...(input.status && { status: input.status }),
        ...(input.assigneeId !== undefined && { assigneeId: input.assigneeId }),
        version: { increment: 1 },
      },
    });
    if (updated.count !== 1) return 0;
    // The version check passed, so `current` is what this change replaced.
    const activity: Prisma.LeadActivityCreateManyInput[] = [];
    const base = { leadId: input.id, actorId: context.actorId, leadVersion: version };
    if (newStatus) {
      activity.push({
        ...base,
        kind: "status",
        fromStatus: current.status,
        toStatus: newStatus,
        reason: isBackwardMove(current.status, newStatus) ? input.reason : null,
      });
    }
    if (newAssignee) activity.push({ ...base, kind: "assignee", fromAssigneeId: current.assigneeId, toAssigneeId: input.assigneeId ?? null });
    if (activity.length) await tx.leadActivity.createMany({ data: activity });
    // A status change, or taking the lead oneself ("I'll take it"), is a response: the first stops the clock.
    if (newStatus || input.assigneeId === context.actorId) await markFirstResponse(tx, input.id);
    if (tell) await enqueueAssignmentNotification(tx, { leadId: input.id, assigneeId: tell, leadVersion: version }, context.channels);
    return 1;
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
  return prisma.$transaction(async (tx) => {
    await markFirstResponse(tx, input.id); // a note (a call logged, a reply sent) is a response
    return tx.leadNote.create({ data: { leadId: input.id, authorId, body: input.body }, select: { id: true, body: true, createdAt: true } });
  });
}

/** The lead's first response, if it has none yet (the first-response clock stops; later ones change nothing). */
async function markFirstResponse(tx: Prisma.TransactionClient, leadId: string): Promise<void> {
  await tx.lead.updateMany({ where: { id: leadId, firstResponseAt: null }, data: { firstResponseAt: new Date() } });
}
