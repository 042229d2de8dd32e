// The dashboard's lead list: filters, search (./lead-search.ts), sort and keyset pagination, so a
// deep page costs the same as the first one. Written in SQL because the search conditions call
// the search text's functions, which Prisma's query builder cannot; the page's rows are then
// read through Prisma with an explicit select (the list never loads whole rows).
// The CSV export walks the same pages (./lead-csv.ts).
import { z } from "zod";
import { Prisma, type PrismaClient } from "@once/db";
import { formatLeadNumber, LEAD_STATUSES } from "@once/db/domain";
import { safeText } from "../text-safety.ts";
import { excerpt } from "./excerpt.ts";
import { COUNT_CAP, normaliseSearch, searchCondition, WALKED_COUNT_CAP, withSearchPlan, type SearchPlan } from "./lead-search.ts";

import { LIST_SORTS } from "./lead-list-params.ts";

/** The sorts the page's URL names (./lead-list-params.ts). */
export const LEAD_SORTS = LIST_SORTS;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** Where the next page starts: the last row's sort value (name or status), time and id. */
export const leadCursor = z.object({ value: z.string().max(200).nullable().default(null), createdAt: z.coerce.date(), id: z.uuid() });
export type LeadCursor = z.infer<typeof leadCursor>;

export const leadFilterInput = z.object({
  status: z.enum(LEAD_STATUSES).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  possibleDuplicate: z.boolean().optional(),
  /** Unanswered past the team's first-response target (the "Overdue" view). */
  overdue: z.boolean().optional(),
  /** With an open follow-up task due now or earlier, its own or a merged lead's (the "Tasks due" view). */
  tasksDue: z.boolean().optional(),
  /** A staff id, "unassigned", or "me" (the router puts in the caller's id). */
  assignee: z.string().min(1).max(64).check(safeText("assignee")).optional(),
  /**
   * Any length and script, normalised and cut to length (./lead-search.ts); only what no typed
   * search contains (control characters, line breaks, lone surrogates) is refused, as in every
   * staff text (../text-safety.ts).
   */
  search: z.string().max(10_000).check(safeText("search")).optional(),
});

export const leadListInput = leadFilterInput
  .extend({
    cursor: leadCursor.optional(),
    limit: z.number().int().min(1).max(100).default(25),
    sort: z.enum(LEAD_SORTS).default("received"),
    dir: z.enum(["asc", "desc"]).default("desc"),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "the date range ends before it starts", path: ["to"] });
export type LeadListFilter = z.infer<typeof leadListInput>;
export type LeadFilter = z.infer<typeof leadFilterInput>;

/**
 * The WHERE conditions of a filter (everything but the cursor), joined with AND; the search's
 * under `plan` (./lead-search.ts), or left out when `plan` is null.
 */
export function leadFilterSql(filter: LeadFilter, plan: SearchPlan | null): Prisma.Sql {
  // A merged lead is shown on its primary's page, not in the lists.
  const parts: Prisma.Sql[] = [Prisma.sql`l.merged_into_id IS NULL`];
  if (filter.status) parts.push(Prisma.sql`l.status = ${filter.status}::"LeadStatus"`);
  if (filter.possibleDuplicate !== undefined) parts.push(Prisma.sql`l.possible_duplicate = ${filter.possibleDuplicate}`);
  if (filter.overdue) parts.push(Prisma.sql`l.first_response_at IS NULL AND l.response_due_at < now()`);
  if (filter.tasksDue) parts.push(Prisma.sql`l.id IN (${leadsWithTaskDue(Prisma.sql`TRUE`)})`);
  if (filter.assignee) parts.push(filter.assignee === "unassigned" ? Prisma.sql`l.assignee_id IS NULL` : Prisma.sql`l.assignee_id = ${filter.assignee}`);
  if (filter.from) parts.push(Prisma.sql`l.created_at >= ${filter.from}`);
  if (filter.to) parts.push(Prisma.sql`l.created_at <= ${filter.to}`);
  const q = normaliseSearch(filter.search);
  if (q && plan) parts.push(searchCondition(q, plan));
  return Prisma.join(parts, " AND ");
}

/** The ids of leads (primaries) with an open task due by now among `among` (a condition on `m`, the task's own lead). */
const leadsWithTaskDue = (among: Prisma.Sql) =>
  Prisma.sql`SELECT coalesce(m.merged_into_id, m.id) AS lead_id FROM lead_task t JOIN lead m ON m.id = t.lead_id WHERE t.done_at IS NULL AND t.due_at <= now() AND ${among}`;

// Each sort's keys after the column itself: received time, then id. A name or status sort
// lists the newest first within one name or status (the (status, created_at DESC) index).
const SORT_KEYS: Record<LeadSort, { column: Prisma.Sql | null; cast: Prisma.Sql }> = {
  received: { column: null, cast: Prisma.empty },
  name: { column: Prisma.sql`l.name`, cast: Prisma.sql`::text` },
  status: { column: Prisma.sql`l.status`, cast: Prisma.sql`::"LeadStatus"` },
};

function orderAndCursor(sort: LeadSort, dir: "asc" | "desc", cursor: LeadCursor | undefined) {
  const { column, cast } = SORT_KEYS[sort];
  // Received time and id run with the sort for "received", against it within a name or status.
  const timeDesc = column ? dir === "asc" : dir === "desc";
  const [t, op] = timeDesc ? [Prisma.sql`DESC`, Prisma.sql`<`] : [Prisma.sql`ASC`, Prisma.sql`>`];
  const [c, cop] = dir === "desc" ? [Prisma.sql`DESC`, Prisma.sql`<`] : [Prisma.sql`ASC`, Prisma.sql`>`];
  const order = column ? Prisma.sql`${column} ${c}, l.created_at ${t}, l.id ${t}` : Prisma.sql`l.created_at ${t}, l.id ${t}`;
  if (!cursor) return { order, after: Prisma.sql`TRUE` };
  const timeAfter = Prisma.sql`(l.created_at, l.id) ${op} (${cursor.createdAt}, ${cursor.id}::uuid)`;
  if (!column) return { order, after: timeAfter };
  const value = Prisma.sql`${cursor.value ?? ""}${cast}`;
  return { order, after: Prisma.sql`(${column} ${cop} ${value} OR (${column} = ${value} AND ${timeAfter}))` };
}

/**
 * One page of matching lead ids in list order, where the next page starts, and how its search
 * was answered (`plan`, ./lead-search.ts; "text" without a short search).
 */
export async function leadIdsPage(prisma: PrismaClient, filter: Omit<LeadListFilter, "limit"> & { limit: number }) {
  const { order, after } = orderAndCursor(filter.sort, filter.dir, filter.cursor);
  const { rows, plan } = await withSearchPlan(
    prisma,
    filter.search,
    leadFilterSql(filter, null),
    async (db, plan) => ({
      plan,
      rows: await db.$queryRaw<{ id: string; created_at: Date; value: string | null }[]>`
        SELECT l.id, l.created_at, ${SORT_KEYS[filter.sort].column ?? Prisma.sql`NULL`}::text AS value
        FROM lead l
        WHERE ${leadFilterSql(filter, plan)} AND ${after}
        ORDER BY ${order}
        LIMIT ${filter.limit + 1}`,
    }),
    { order, after, need: filter.limit + 1 },
  );
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  const nextCursor: LeadCursor | null = rows.length > filter.limit && last ? { value: last.value, createdAt: last.created_at, id: last.id } : null;
  return { ids: page.map((r) => r.id), nextCursor, plan };
}

/** A lead's own fields and its assignee, as both the list and the detail (./lead-detail.ts) show them. */
export const leadFieldsSelect = {
  id: true,
  number: true,
  name: true,
  phone: true,
  email: true,
  company: true,
  content: true,
  status: true,
  possibleDuplicate: true,
  createdAt: true,
  version: true,
  assignee: { select: { id: true, name: true } },
  firstResponseAt: true,
  responseDueAt: true,
} satisfies Prisma.LeadSelect;

const LIST_SELECT = { ...leadFieldsSelect, deliveries: { select: { channel: true, status: true } } } satisfies Prisma.LeadSelect;

/** A message shortened for a list cell (the whole text is on the lead's page). */
export const EXCERPT_LENGTH = 120;

export async function listLeads(prisma: PrismaClient, filter: LeadListFilter) {
  const { ids, nextCursor } = await leadIdsPage(prisma, filter);
  const [rows, taskDue] = ids.length
    ? await Promise.all([
        prisma.lead.findMany({ where: { id: { in: ids } }, select: LIST_SELECT }),
        prisma.$queryRaw<{ lead_id: string }[]>`${leadsWithTaskDue(Prisma.sql`(m.id = ANY(${ids}::uuid[]) OR m.merged_into_id = ANY(${ids}::uuid[]))`)}`,
      ])
    : [[], []];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const withTaskDue = new Set(taskDue.map((r) => r.lead_id));
  const items = ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const { content, ...rest } = r;
    return [{ ...rest, number: formatLeadNumber(r.number), excerpt: excerpt(content, EXCERPT_LENGTH), taskDue: withTaskDue.has(id) }];
  });
  return { items, nextCursor };
}

/**
 * How many leads of each status match the filter (its own status filter ignored), exact up to
 * COUNT_CAP (WALKED_COUNT_CAP for a common 1–2 character search, ./lead-search.ts).
 */
export async function countLeadsByStatus(prisma: PrismaClient, filter: LeadFilter) {
  const anyStatus = { ...filter, status: undefined };
  // One statement for all five: one connection, and one plan decision for a short search.
  const { rows, cap } = await withSearchPlan(prisma, filter.search, leadFilterSql(anyStatus, null), async (db, plan) => {
    // A rare term's matches are few and all found by one scan of the pieces' index: group them.
    if (plan === "pieces") {
      const rows = await db.$queryRaw<{ status: string; n: number }[]>`
        SELECT l.status::text AS status, count(*)::int AS n FROM lead l WHERE ${leadFilterSql(anyStatus, plan)} GROUP BY l.status`;
      return { rows, cap: COUNT_CAP };
    }
    // Otherwise each status is read until its cap: bounded work whatever the filter matches.
    const cap = plan === "walk" ? WALKED_COUNT_CAP : COUNT_CAP;
    const rows = await db.$queryRaw<{ status: string; n: number }[]>(
      Prisma.sql`${Prisma.join(
        LEAD_STATUSES.map(
          (status) =>
            Prisma.sql`SELECT ${status}::text AS status, (SELECT count(*)::int FROM (SELECT 1 FROM lead l WHERE ${leadFilterSql(anyStatus, plan)} AND l.status = ${status}::"LeadStatus" LIMIT ${cap + 1}) AS capped) AS n`,
        ),
        " UNION ALL ",
      )}`,
    );
    return { rows, cap };
  });
  const counts = LEAD_STATUSES.map((status) => {
    const n = rows.find((r) => r.status === status)?.n ?? 0;
    return [status, { count: Math.min(n, cap), capped: n > cap }] as const;
  });
  return Object.fromEntries(counts) as Record<(typeof LEAD_STATUSES)[number], { count: number; capped: boolean }>;
}
