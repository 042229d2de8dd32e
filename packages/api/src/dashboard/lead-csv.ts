// The lead exports (CSV and XLSX) for any list filter: the leads in keyset batches with their
// notes, as typed columns (export/columns.ts) that each format writes its own way.
import { readPreferringStandby, type PrismaClient, type ReadClients } from "@once/db";
import { formatLeadNumber } from "../lead/lead-schema.ts";
import { batches, type ExportColumn } from "./export/columns.ts";
import { streamCsv } from "./export/csv.ts";
import type { ExportWords } from "./export/export-words.ts";
import { wallClockText } from "./export/wall-clock.ts";
import { streamXlsx } from "./export/xlsx.ts";
import { leadIdsPage, type LeadCursor, type LeadListFilter } from "./lead-list.ts";

export { csvCell } from "./export/csv.ts";

const BATCH = 1000;
export type LeadExportFilter = Omit<LeadListFilter, "cursor" | "limit" | "sort" | "dir"> & Partial<Pick<LeadListFilter, "sort" | "dir">>;

const select = {
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
  notes: { select: { body: true, createdAt: true, author: { select: { name: true } } }, orderBy: { createdAt: "asc" as const } },
};

/**
 * The list's own page (same filter, search and order) after `after`, with the rows' columns, and
 * the cursor leadIdsPage made for the next page. The rows are read after the ids were chosen: a
 * cursor rebuilt from them would carry a sort value (name, status) changed in between, and the
 * next page would repeat or skip leads.
 */
async function leadPage(prisma: PrismaClient, filter: LeadExportFilter, after: LeadCursor | null, size: number) {
  const page = await leadIdsPage(prisma, { sort: "received", dir: "desc", ...filter, cursor: after ?? undefined, limit: size });
  const found = await prisma.lead.findMany({ where: { id: { in: page.ids } }, select });
  const byId = new Map(found.map((r) => [r.id, r]));
  return { rows: page.ids.flatMap((id) => byId.get(id) ?? []), next: page.nextCursor };
}
type LeadRow = Awaited<ReturnType<typeof leadPage>>["rows"][number];

/** The export's rows, `size` leads at a time (BATCH, or fewer in a test), each batch read from the standby when it answers. */
export const leadBatches = (db: ReadClients, filter: LeadExportFilter, size = BATCH) =>
  batches((after: LeadCursor | null) => readPreferringStandby(db, (prisma) => leadPage(prisma, filter, after, size)));

/** Each note as "2026-12-01 14:05 Alice: text", oldest first, a blank line between. */
const notesText = (row: LeadRow, timeZone: string) =>
  row.notes.map((n) => `${wallClockText(n.createdAt, timeZone).slice(0, 16)} ${n.author.name}: ${n.body}`).join("\n\n");

function leadColumns(words: ExportWords, timeZone: string): ExportColumn<LeadRow>[] {
  const h = words.leadColumns;
  return [
    { header: h.number, kind: "text", width: 11, value: (r) => formatLeadNumber(r.number) },
    { header: h.receivedAt, kind: "dateTime", width: 20, value: (r) => r.createdAt },
    { header: h.status, kind: "text", width: 10, value: (r) => words.leadStatus[r.status] },
    { header: h.name, kind: "text", value: (r) => r.name },
    { header: h.phone, kind: "phone", value: (r) => r.phone },
    { header: h.email, kind: "text", width: 24, value: (r) => r.email },
    { header: h.company, kind: "text", width: 20, value: (r) => r.company },
    { header: h.possibleDuplicate, kind: "text", width: 10, value: (r) => (r.possibleDuplicate ? words.yes : words.no) },
    { header: h.assignee, kind: "text", value: (r) => r.assignee?.name },
    { header: h.content, kind: "text", width: 50, value: (r) => r.content },
    { header: h.notes, kind: "text", width: 50, value: (r) => notesText(r, timeZone) },
  ];
}

export const streamLeadsCsv = (db: ReadClients, filter: LeadExportFilter, words: ExportWords, timeZone: string) =>
  streamCsv(leadBatches(db, filter), leadColumns(words, timeZone), timeZone);

export const streamLeadsXlsx = (db: ReadClients, filter: LeadExportFilter, words: ExportWords, timeZone: string) =>
  streamXlsx(leadBatches(db, filter), leadColumns(words, timeZone), timeZone, words.leadsSheet);
