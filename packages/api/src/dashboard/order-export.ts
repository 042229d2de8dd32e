// The order exports (CSV and XLSX) for any order-list filter, like the lead exports
// (lead-csv.ts): typed columns over keyset batches.
import { readPreferringStandby, type PrismaClient, type ReadClients } from "@once/db";
import { formatOrderNumber } from "@once/db/domain";
import { carrierName } from "../order/carriers.ts";
import { batches, type ExportColumn } from "./export/columns.ts";
import { streamCsv } from "./export/csv.ts";
import type { ExportWords } from "./export/export-words.ts";
import { streamXlsx } from "./export/xlsx.ts";
import { afterCursor, newestFirst, toPage, type KeysetCursor } from "./keyset.ts";
import { orderWhere, type OrderListFilter } from "./order-list.ts";

const BATCH = 1000;
export type OrderExportFilter = Omit<OrderListFilter, "cursor" | "limit">;

async function orderPage(prisma: PrismaClient, filter: OrderExportFilter, after: KeysetCursor | null) {
  const where = orderWhere(filter);
  if (after) where.AND = afterCursor(after);
  const rows = await prisma.order.findMany({
    where,
    orderBy: newestFirst,
    take: BATCH + 1,
    select: {
      id: true,
      number: true,
      createdAt: true,
      status: true,
      quantity: true,
      contactName: true,
      contactPhone: true,
      address: true,
      trackingNumber: true,
      carrier: true,
      cancelReason: true,
      guide: { select: { titleEn: true, titleZh: true } },
    },
  });
  const { page, nextCursor } = toPage(rows, BATCH);
  return { rows: page, next: nextCursor };
}
type OrderRow = Awaited<ReturnType<typeof orderPage>>["rows"][number];
/** Each batch read from the standby when it answers (readPreferringStandby), like the order list. */
const orderBatches = (db: ReadClients, filter: OrderExportFilter) =>
  batches((after: KeysetCursor | null) => readPreferringStandby(db, (prisma) => orderPage(prisma, filter, after)));

function orderColumns(words: ExportWords): ExportColumn<OrderRow>[] {
  const h = words.orderColumns;
  return [
    { header: h.number, kind: "text", width: 11, value: (r) => formatOrderNumber(r.number) },
    { header: h.receivedAt, kind: "dateTime", width: 20, value: (r) => r.createdAt },
    { header: h.status, kind: "text", width: 10, value: (r) => words.orderStatus[r.status] },
    { header: h.guide, kind: "text", width: 30, value: (r) => (words.language === "zh-CN" ? r.guide.titleZh : r.guide.titleEn) },
    { header: h.quantity, kind: "number", width: 9, value: (r) => r.quantity },
    { header: h.name, kind: "text", value: (r) => r.contactName },
    { header: h.phone, kind: "phone", value: (r) => r.contactPhone },
    { header: h.address, kind: "text", width: 40, value: (r) => r.address },
    // The carrier's name in the file's language, like the guide's title (order/carriers.ts).
    { header: h.carrier, kind: "text", width: 14, value: (r) => carrierName(r.carrier, words.language) },
    { header: h.trackingNumber, kind: "text", width: 20, value: (r) => r.trackingNumber },
    { header: h.cancelReason, kind: "text", width: 30, value: (r) => r.cancelReason },
  ];
}

export const streamOrdersCsv = (db: ReadClients, filter: OrderExportFilter, words: ExportWords, timeZone: string) =>
  streamCsv(orderBatches(db, filter), orderColumns(words), timeZone);
export const streamOrdersXlsx = (db: ReadClients, filter: OrderExportFilter, words: ExportWords, timeZone: string) =>
  streamXlsx(orderBatches(db, filter), orderColumns(words), timeZone, words.ordersSheet);
