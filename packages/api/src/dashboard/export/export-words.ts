// The words an export is written in: the staff member's language, not the database's codes.
// A Chinese sales team opens the file in WPS or Excel and reads "接收时间" and "新线索", not
// "received_at" and "new". The web app fills this from its dashboard texts
// (apps/web/src/i18n/dashboard/exports.ts); the API only says which words it needs, so a
// missing one is a type error there.
import type { LeadStatus, OrderStatus } from "@once/db/domain";

export const LEAD_EXPORT_COLUMNS = [
  "number",
  "receivedAt",
  "status",
  "name",
  "phone",
  "email",
  "company",
  "possibleDuplicate",
  "assignee",
  "content",
  "notes",
] as const;
export const ORDER_EXPORT_COLUMNS = [
  "number",
  "receivedAt",
  "status",
  "guide",
  "quantity",
  "name",
  "phone",
  "address",
  "carrier",
  "trackingNumber",
  "cancelReason",
] as const;

export interface ExportWords {
  /** Which of a guide's two titles, and of a carrier's two names (order/carriers.ts), to write. */
  language: "en" | "zh-CN";
  leadColumns: Record<(typeof LEAD_EXPORT_COLUMNS)[number], string>;
  orderColumns: Record<(typeof ORDER_EXPORT_COLUMNS)[number], string>;
  leadStatus: Record<LeadStatus, string>;
  orderStatus: Record<OrderStatus, string>;
  yes: string;
  no: string;
  /** The XLSX sheet's name (at most 31 characters, no []:*?/\). */
  leadsSheet: string;
  ordersSheet: string;
}
