// GET /api/dashboard/{leads,orders}.{csv,xlsx}?<the list's filter>: the exports, staff only.
// The filter is the list's own schema (so an export holds exactly what the list shows); times
// are in the staff member's zone, which the web app reads from its tz cookie and passes in, and
// headers and statuses in their language (export/export-words.ts), which it also passes in.
import type { StaffMember } from "@once/auth";
import { AppError } from "../app-error.ts";
import { streamLeadsCsv, streamLeadsXlsx } from "../dashboard/lead-csv.ts";
import { leadListInput } from "../dashboard/lead-list.ts";
import type { ExportWords } from "../dashboard/export/export-words.ts";
import { streamOrdersCsv, streamOrdersXlsx } from "../dashboard/order-export.ts";
import { orderListInput } from "../dashboard/order-list.ts";
import { withProblemResponses } from "./handle-errors.ts";
import { parseOrRefuse } from "./validate.ts";
import type { RestDeps } from "./rest-context.ts";
import { wallClockText } from "../dashboard/export/wall-clock.ts";

export type ExportFormat = "csv" | "xlsx";
export interface ExportRequest {
  what: "leads" | "orders";
  format: ExportFormat;
  staff: StaffMember | null;
  hasCustomerSession: boolean;
  /** An IANA zone, already validated (apps/web/src/i18n/time-zone.ts). */
  timeZone: string;
  /** The staff member's language's headers and values. */
  words: ExportWords;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

function stream(request: Request, { what, format, timeZone, words }: ExportRequest, deps: RestDeps, staff: StaffMember) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // Exports are list reads: each batch from the standby when one is configured and answers,
  // else the primary (readPreferringStandby; docs/SCALING.md).
  const db = { primary: deps.prisma, standby: deps.readReplica };
  if (what === "orders") {
    const { cursor: _c, limit: _l, ...filter } = parseOrRefuse(orderListInput, params, "invalid filter");
    return (format === "csv" ? streamOrdersCsv : streamOrdersXlsx)(db, filter, words, timeZone);
  }
  // The list's yes/no filters arrive as the words "true" and "false" in the query.
  const flag = (value: string | undefined) => (value === undefined ? undefined : value === "true");
  const parsed = parseOrRefuse(
    leadListInput,
    { ...params, possibleDuplicate: flag(params.possibleDuplicate), overdue: flag(params.overdue), tasksDue: flag(params.tasksDue) },
    "invalid filter",
  );
  const { cursor: _c, limit: _l, ...filter } = parsed;
  if (filter.assignee === "me") filter.assignee = staff.id; // "My leads", as in the list
  return (format === "csv" ? streamLeadsCsv : streamLeadsXlsx)(db, filter, words, timeZone);
}

export function exportHandler(request: Request, deps: RestDeps, exportRequest: ExportRequest): Promise<Response> {
  const { what, format, staff, hasCustomerSession, timeZone } = exportRequest;
  return withProblemResponses(request, deps, () => {
    if (!staff) {
      throw hasCustomerSession ? new AppError("FORBIDDEN", "staff only") : new AppError("UNAUTHENTICATED", "sign in as staff");
    }
    // As every dashboard procedure (trpc.ts, staffProcedure): a temporary password is replaced first.
    if (staff.mustChangePassword) throw new AppError("PASSWORD_CHANGE_REQUIRED", "choose your own password first (/dashboard/password)");
    const day = wallClockText(new Date(), timeZone).slice(0, 10);
    return Promise.resolve(
      new Response(stream(request, exportRequest, deps, staff), {
        headers: {
          "content-type": CONTENT_TYPES[format],
          "content-disposition": `attachment; filename="${what}-${day}.${format}"`,
          "cache-control": "no-store",
        },
      }),
    );
  });
}
