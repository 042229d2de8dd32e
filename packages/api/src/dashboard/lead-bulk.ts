// Bulk assign and bulk status change from the lead list. Each selected lead is changed on its
// own (./lead-workflow.ts: its version checked, its activity written, an assignee told once), so
// one lead someone else just edited does not stop the others; the answer says, per lead, what
// was done and what was refused and why.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { LEAD_STATUSES } from "@once/db/domain";
import { safeText } from "../text-safety.ts";
import { LeadConflict, LeadRuleViolation, updateLead, type LeadUpdateContext } from "./lead-workflow.ts";
import { UnknownId } from "./unknown-id.ts";

export const BULK_MAX = 100;

export const leadBulkInput = z
  .object({
    /** The leads as the list showed them: id and the version seen. */
    leads: z
      .array(z.object({ id: z.uuid(), version: z.number().int().min(1) }))
      .min(1)
      .max(BULK_MAX),
    status: z.enum(LEAD_STATUSES).optional(),
    assigneeId: z.string().min(1).max(64).check(safeText("assigneeId")).nullable().optional(),
    reason: z.string().trim().max(500).check(safeText("reason", "multi-line")).optional(),
  })
  .refine((u) => u.status !== undefined || u.assigneeId !== undefined, "nothing to change");

export type BulkOutcome =
  | { id: string; outcome: "updated"; version: number }
  | { id: string; outcome: "unchanged" }
  | { id: string; outcome: "refused"; reason: "stale" | "not_found" | "reason_required" | "assignee_disabled" | "unknown_assignee" };

export async function bulkUpdateLeads(prisma: PrismaClient, input: z.infer<typeof leadBulkInput>, context: LeadUpdateContext): Promise<BulkOutcome[]> {
  const results: BulkOutcome[] = [];
  // One after another: a handful of short transactions, and the outbox rows in list order.
  for (const lead of input.leads) {
    const current = await prisma.lead.findUnique({ where: { id: lead.id }, select: { status: true, assigneeId: true, version: true } });
    if (!current) {
      results.push({ id: lead.id, outcome: "refused", reason: "not_found" });
      continue;
    }
    const statusChanges = input.status !== undefined && input.status !== current.status;
    const assigneeChanges = input.assigneeId !== undefined && input.assigneeId !== current.assigneeId;
    // Already as asked (whatever else changed since): nothing to write, nothing to refuse.
    if (!statusChanges && !assigneeChanges) {
      results.push({ id: lead.id, outcome: "unchanged" });
      continue;
    }
    try {
      const updated = await updateLead(
        prisma,
        {
          id: lead.id,
          version: lead.version,
          ...(statusChanges && { status: input.status }),
          ...(assigneeChanges && { assigneeId: input.assigneeId }),
          reason: input.reason,
        },
        context,
      );
      results.push({ id: lead.id, outcome: "updated", version: updated.version });
    } catch (error) {
      if (error instanceof LeadConflict) results.push({ id: lead.id, outcome: "refused", reason: "stale" });
      else if (error instanceof LeadRuleViolation) results.push({ id: lead.id, outcome: "refused", reason: error.rule });
      else if (error instanceof UnknownId) results.push({ id: lead.id, outcome: "refused", reason: error.what === "lead" ? "not_found" : "unknown_assignee" });
      else throw error;
    }
  }
  return results;
}
