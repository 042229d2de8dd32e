// The dashboard's lead list: filters, search and keyset pagination (newest first), so a deep
// page costs the same as the first one. Explicit select: the list never loads whole rows.
import { z } from "zod";
import type { Prisma, PrismaClient } from "@once/db";
import { formatLeadNumber, LEAD_STATUSES } from "@once/db/domain";
import { safeText } from "../text-safety.ts";
import { afterCursor, keysetCursor, newestFirst, toPage } from "./keyset.ts";

export const leadListInput = z
  .object({
    cursor: keysetCursor.optional(),
    limit: z.number().int().min(1).max(100).default(25),
    status: z.enum(LEAD_STATUSES).optional(),
    from: z.coerce.date().optional(),
    to: z.coerce.date().optional(),
    possibleDuplicate: z.boolean().optional(),
    /** A staff id, or "unassigned". */
    assignee: z.string().min(1).max(64).check(safeText("assignee")).optional(),
    search: z.string().trim().min(2, "search needs at least 2 characters").max(100).check(safeText("search")).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "the date range ends before it starts", path: ["to"] });
export type LeadListFilter = z.infer<typeof leadListInput>;

export function leadWhere(filter: Omit<LeadListFilter, "cursor" | "limit">): Prisma.LeadWhereInput {
  const where: Prisma.LeadWhereInput = {};
  if (filter.status) where.status = filter.status;
  if (filter.possibleDuplicate !== undefined) where.possibleDuplicate = filter.possibleDuplicate;
  if (filter.assignee) where.assigneeId = filter.assignee === "unassigned" ? null : filter.assignee;
  if (filter.from || filter.to) where.createdAt = { ...(filter.from && { gte: filter.from }), ...(filter.to && { lte: filter.to }) };
  if (filter.search) {
    const phoneDigits = filter.search.replace(/[\s().-]/g, "");
    const text = likeLiteral(filter.search);
    where.OR = [
      { name: { contains: text, mode: "insensitive" } },
      { content: { contains: text, mode: "insensitive" } },
      ...(/^\+?\d{3,}$/.test(phoneDigits) ? [{ phone: { contains: phoneDigits } }] : []),
    ];
  }
  return where;
}

/**
 * Prisma's `contains` becomes `LIKE '%' || value || '%'` without escaping the value, so a search
 * for "50%" or "a_b" would treat % and _ as wildcards. Backslash is PostgreSQL's default LIKE
 * escape character, so it is escaped too. (The phone filter is digits only and needs nothing.)
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, "\\$&");

export async function listLeads(prisma: PrismaClient, filter: LeadListFilter) {
  const where = leadWhere(filter);
  if (filter.cursor) where.AND = afterCursor(filter.cursor);
  const rows = await prisma.lead.findMany({
    where,
    orderBy: newestFirst,
    take: filter.limit + 1,
    select: {
      id: true,
      number: true,
      name: true,
      phone: true,
      company: true,
      status: true,
      possibleDuplicate: true,
      createdAt: true,
      version: true,
      assignee: { select: { id: true, name: true } },
      deliveries: { select: { channel: true, status: true } },
    },
  });
  const { page, nextCursor } = toPage(rows, filter.limit);
  return { items: page.map((r) => ({ ...r, number: formatLeadNumber(r.number) })), nextCursor };
}
