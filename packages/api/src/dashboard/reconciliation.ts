// Reconciliation (对账): for one day, proof that every lead reached a person who answered it.
// Counted from the database's own records, never from logs: the leads received that day; how
// many got an owner; per channel (webhook and e-mail through the outbox, each group chat) how
// many were delivered, are still on their way, failed, or were sent with no answer ("unknown");
// how many got a first response, and how many within the team's target. Every gap is listed
// with its lead, so "sales never got it" has a name and a place to look.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { formatLeadNumber } from "../lead/lead-schema.ts";

export const reconciliationInput = z
  .object({ from: z.coerce.date(), to: z.coerce.date() })
  .refine((r) => r.from < r.to && r.to.getTime() - r.from.getTime() <= 2 * 86_400_000, {
    message: "a day (at most 48 hours, for a day with a clock change)",
    path: ["to"],
  });

export type GapKind = "unassigned" | "not_delivered" | "unknown" | "no_response" | "late_response";

export interface Gap {
  leadId: string;
  number: string;
  kind: GapKind;
  /** The channel the gap is on ("webhook", "email", or a chat channel's name), for delivery gaps. */
  channel?: string;
}

/** p50 and p95 of a list of seconds (null when empty). */
function percentiles(seconds: number[]): { p50: number | null; p95: number | null } {
  if (seconds.length === 0) return { p50: null, p95: null };
  const sorted = [...seconds].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

export async function reconcileDay(prisma: PrismaClient, range: z.infer<typeof reconciliationInput>) {
  const leads = await prisma.lead.findMany({
    where: { createdAt: { gte: range.from, lt: range.to } },
    orderBy: { number: "asc" },
    take: 10_000,
    select: {
      id: true,
      number: true,
      createdAt: true,
      assigneeId: true,
      arrivalAssignment: true,
      firstResponseAt: true,
      responseDueAt: true,
      deliveries: { where: { kind: "lead_created" }, select: { channel: true, status: true } },
      // Each lead's arrival on each channel (escalations are told later, to fewer leads).
      chatItems: { where: { kind: "arrival" }, select: { channel: { select: { name: true } }, message: { select: { status: true } } } },
      activities: { where: { kind: "assignee" }, orderBy: { createdAt: "asc" }, take: 1, select: { createdAt: true } },
    },
  });
  const gaps: Gap[] = [];
  const channels = new Map<string, { delivered: number; onTheWay: number; failed: number; unknown: number }>();
  const tally = (channel: string, outcome: "delivered" | "onTheWay" | "failed" | "unknown") => {
    const row = channels.get(channel) ?? { delivered: 0, onTheWay: 0, failed: 0, unknown: 0 };
    row[outcome]++;
    channels.set(channel, row);
  };
  const toAssign: number[] = [];
  const toRespond: number[] = [];
  let withinTarget = 0;
  for (const lead of leads) {
    const number = formatLeadNumber(lead.number);
    const gap = (kind: GapKind, channel?: string) => gaps.push({ leadId: lead.id, number, kind, ...(channel && { channel }) });
    // Owned at arrival: no wait; owned later: until the first assignment.
    if (lead.arrivalAssignment) toAssign.push(0);
    else if (lead.activities[0]) toAssign.push((lead.activities[0].createdAt.getTime() - lead.createdAt.getTime()) / 1000);
    if (!lead.assigneeId) gap("unassigned");
    /** One channel's fate for this lead, and its gap when it did not arrive. */
    const on = (channel: string, outcome: "delivered" | "onTheWay" | "failed" | "unknown") => {
      tally(channel, outcome);
      if (outcome !== "delivered") gap(outcome === "unknown" ? "unknown" : "not_delivered", channel);
    };
    for (const d of lead.deliveries) on(d.channel, d.status === "delivered" ? "delivered" : d.status === "dead" ? "failed" : "onTheWay");
    for (const item of lead.chatItems) {
      const status = item.message?.status;
      on(
        item.channel.name,
        status === "delivered" ? "delivered" : status === "unknown" || status === "sending" ? "unknown" : status === "failed" ? "failed" : "onTheWay",
      );
    }
    if (!lead.firstResponseAt) gap("no_response");
    else {
      toRespond.push((lead.firstResponseAt.getTime() - lead.createdAt.getTime()) / 1000);
      if (lead.responseDueAt && lead.firstResponseAt > lead.responseDueAt) gap("late_response");
      else withinTarget++;
    }
  }
  return {
    received: leads.length,
    assigned: leads.filter((l) => l.assigneeId).length,
    channels: [...channels.entries()].map(([channel, counts]) => ({ channel, ...counts })).sort((a, b) => a.channel.localeCompare(b.channel)),
    responded: toRespond.length,
    withinTarget,
    timeToAssign: percentiles(toAssign),
    timeToFirstResponse: percentiles(toRespond),
    gaps,
  };
}

/** Time to assign and to first response over the last 24 hours (p50, p95 in seconds): /metrics and the ops page. */
export async function responseTimes(prisma: PrismaClient, now: Date = new Date()) {
  const since = new Date(now.getTime() - 86_400_000);
  const [row] = await prisma.$queryRaw<{ assign_p50: number | null; assign_p95: number | null; respond_p50: number | null; respond_p95: number | null }[]>`
    with day as (
      select l.created_at, l.first_response_at,
             case when l.arrival_assignment is not null then l.created_at
                  else (select min(a.created_at) from lead_activity a where a.lead_id = l.id and a.kind = 'assignee') end as assigned_at
      from lead l where l.created_at >= ${since}
    )
    select percentile_disc(0.5) within group (order by extract(epoch from assigned_at - created_at))::float8 as assign_p50,
           percentile_disc(0.95) within group (order by extract(epoch from assigned_at - created_at))::float8 as assign_p95,
           percentile_disc(0.5) within group (order by extract(epoch from first_response_at - created_at))::float8 as respond_p50,
           percentile_disc(0.95) within group (order by extract(epoch from first_response_at - created_at))::float8 as respond_p95
    from day`;
  return {
    timeToAssign: { p50: row?.assign_p50 ?? null, p95: row?.assign_p95 ?? null },
    timeToFirstResponse: { p50: row?.respond_p50 ?? null, p95: row?.respond_p95 ?? null },
  };
}
