// CSV export of the leads matching a filter, streamed in keyset batches so any number of rows
// leaves the server in constant memory. RFC 4180 quoting; cells that a spreadsheet would run
// as a formula (= + - @) are prefixed with ' so an inquiry cannot attack the sales team.
import type { PrismaClient } from "@once/db";
import { formatLeadNumber } from "../lead/lead-schema.ts";
import { leadIdsPage, type LeadCursor, type LeadListFilter } from "./lead-list.ts";

const HEADER = ["number", "received_at", "status", "name", "phone", "email", "company", "possible_duplicate", "assignee", "content"];
const BATCH = 1000;

export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function streamLeadsCsv(
  prisma: PrismaClient,
  filter: Omit<LeadListFilter, "cursor" | "limit" | "sort" | "dir"> & Partial<Pick<LeadListFilter, "sort" | "dir">>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: LeadCursor | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${HEADER.join(",")}\r\n`)); // BOM: Excel reads UTF-8 (Chinese names) right
      }
      // The list's own pages (same filter, search and order), read in batches.
      const page = await leadIdsPage(prisma, { sort: "received", dir: "desc", ...filter, cursor, limit: BATCH });
      const found = await prisma.lead.findMany({
        where: { id: { in: page.ids } },
        select: {
          id: true,
          number: true,
          createdAt: true,
          status: true,
          name: true,
          phone: true,
          email: true,
          company: true,
          possibleDuplicate: true,
          content: true,
          assignee: { select: { name: true } },
        },
      });
      const byId = new Map(found.map((r) => [r.id, r]));
      const rows = page.ids.flatMap((id) => byId.get(id) ?? []);
      const lines = rows.map((r) =>
        [formatLeadNumber(r.number), r.createdAt, r.status, r.name, r.phone, r.email, r.company, r.possibleDuplicate, r.assignee?.name, r.content]
          .map(csvCell)
          .join(","),
      );
      if (lines.length) controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
      if (!page.nextCursor) controller.close();
      else cursor = page.nextCursor;
    },
  });
}
