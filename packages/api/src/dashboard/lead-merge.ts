// Merging a possible duplicate (the same customer sent twice under two keys: two real
// submissions, by design) into one primary lead. Nothing is moved: the merged lead points to its
// primary (lead.merged_into_id), leaves the lists, reminders and escalations, and its message,
// notes and history are shown on the primary's page; a lead_merge row records who merged what
// and when, and undoing it (from the primary's timeline) clears the pointer, so the merge undoes
// exactly. A lead is never merged into itself, into a lead that is itself merged, or twice; a
// lead others were merged into is not merged away (undo those first, or merge the other way).
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { UnknownId } from "./unknown-id.ts";

export const mergeInput = z.object({ primaryId: z.uuid(), mergedId: z.uuid() });
export const undoMergeInput = z.object({ mergeId: z.uuid() });

export type MergeRefusalReason = "MERGE_SELF" | "MERGE_INTO_MERGED" | "ALREADY_MERGED" | "MERGE_HAS_MERGED";

export class MergeRefusal extends Error {
  constructor(
    readonly reason: MergeRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export async function mergeLeads(prisma: PrismaClient, actorId: string, input: z.infer<typeof mergeInput>) {
  if (input.primaryId === input.mergedId) throw new MergeRefusal("MERGE_SELF", "a lead cannot be merged into itself");
  return prisma.$transaction(async (tx) => {
    // Both rows locked, in one order, so two merges of the same pair cannot cross.
    const rows = await tx.$queryRaw<{ id: string; merged_into_id: string | null }[]>`
      select id, merged_into_id from lead where id in (${input.primaryId}::uuid, ${input.mergedId}::uuid) order by id for update`;
    const primary = rows.find((r) => r.id === input.primaryId);
    const merged = rows.find((r) => r.id === input.mergedId);
    if (!primary || !merged) throw new UnknownId("lead");
    if (primary.merged_into_id) throw new MergeRefusal("MERGE_INTO_MERGED", "that lead is itself merged into another; merge into that one");
    if (merged.merged_into_id) throw new MergeRefusal("ALREADY_MERGED", "this lead is already merged");
    if ((await tx.lead.count({ where: { mergedIntoId: merged.id } })) > 0) {
      throw new MergeRefusal("MERGE_HAS_MERGED", "other leads are merged into this one; undo those merges first, or merge the other way");
    }
    await tx.lead.update({ where: { id: merged.id }, data: { mergedIntoId: primary.id, version: { increment: 1 } } });
    return tx.leadMerge.create({ data: { primaryId: primary.id, mergedId: merged.id, actorId }, select: { id: true } });
  });
}

/** Undoes a merge: the merged lead is a lead of its own again (a second undo changes nothing). */
export async function undoMerge(prisma: PrismaClient, actorId: string, input: z.infer<typeof undoMergeInput>) {
  return prisma.$transaction(async (tx) => {
    const merge = await tx.leadMerge.findUnique({ where: { id: input.mergeId }, select: { primaryId: true, mergedId: true, undoneAt: true } });
    if (!merge) throw new UnknownId("merge");
    if (merge.undoneAt) return { undone: false };
    await tx.lead.updateMany({ where: { id: merge.mergedId, mergedIntoId: merge.primaryId }, data: { mergedIntoId: null, version: { increment: 1 } } });
    await tx.leadMerge.update({ where: { id: input.mergeId }, data: { undoneAt: new Date(), undoneById: actorId } });
    return { undone: true };
  });
}
