// lead.submit: one inquiry per operation. A new key with the same phone or e-mail within 24
// hours is a new inquiry on purpose (never mistaken for a retry), flagged as a possible
// duplicate, and goes to the earlier lead's owner. Every lead gets its owner (assign-owner.ts)
// and sales are notified through the transactional outbox, all in the same transaction. An
// inquiry about a guide that is not in the catalog is a stored rejection (GUIDE_NOT_FOUND), as
// an order of one is.
import type { Prisma } from "@once/db";
import type { IdempotentOperation } from "@once/idempotency/server";
import { enqueueAssignmentNotification, enqueueLeadNotifications, type Channel } from "@once/notify";
import { customerIdOf } from "../session/customer-session.ts";
import { operationIdentity } from "../definitions/define.ts";
import { reject } from "../business-rejection.ts";
import { chooseOwner } from "./assign-owner.ts";
import { DUPLICATE_WINDOW_MS, formatLeadNumber, type LeadInput, type LeadView } from "./lead-schema.ts";

export interface LeadSettings {
  /** The channels each new lead is announced on (one outbox row each). */
  channels: readonly Channel[];
  /** The request that submits the lead (X-Request-Id), stored on its outbox rows. */
  requestId?: string;
}

/** lead.submit, announcing each new lead on the given channels. */
export const leadOperation = ({ channels, requestId }: LeadSettings): IdempotentOperation<LeadInput, LeadView, Prisma.TransactionClient> => ({
  ...operationIdentity("lead"),
  async execute(tx, input, { principal, key }) {
    const guide = input.guide ? await tx.guide.findFirst({ where: { slug: input.guide, active: true }, select: { id: true } }) : null;
    if (input.guide && !guide) return reject("GUIDE_NOT_FOUND", `there is no guide "${input.guide}"`);
    const sameCustomer = input.email ? [{ phone: input.phone }, { email: input.email }] : [{ phone: input.phone }];
    const earlier = await tx.lead.findFirst({
      where: { OR: sameCustomer, createdAt: { gte: new Date(Date.now() - DUPLICATE_WINDOW_MS) } },
      orderBy: { createdAt: "desc" },
      select: { id: true, assigneeId: true },
    });
    const owner = await chooseOwner(tx, { ...input, guideId: guide?.id ?? null }, earlier?.assigneeId ?? null);
    const lead = await tx.lead.create({
      data: {
        customerId: customerIdOf(principal),
        operationKey: key,
        name: input.name,
        phone: input.phone,
        content: input.content,
        email: input.email,
        company: input.company,
        guideId: guide?.id ?? null,
        possibleDuplicate: earlier !== null,
        duplicateOfId: earlier?.id ?? null,
        assigneeId: owner.assigneeId,
        arrivalAssignment: owner.arrivalAssignment,
      },
      select: { id: true, number: true, status: true, createdAt: true },
    });
    // The notifications to sales go into the outbox in this same transaction (docs/GUARANTEES.md §8).
    await enqueueLeadNotifications(tx, lead.id, channels, requestId ?? null);
    // The owner is told by e-mail too (when e-mail is configured), once: the lead's first version.
    if (owner.assigneeId) {
      await enqueueAssignmentNotification(tx, { leadId: lead.id, assigneeId: owner.assigneeId, leadVersion: 1, requestId: requestId ?? null }, channels);
    }
    const body: LeadView = { id: lead.id, number: formatLeadNumber(lead.number), status: lead.status, createdAt: lead.createdAt.toISOString() };
    return { outcome: "completed", status: 201, body, resultId: lead.id };
  },
});

/** lead.submit with no notification channels (tests, benchmarks, development samples). */
export const submitLeadOperation = leadOperation({ channels: [] });
