// GET /api/dashboard/leads.csv?status=…&search=…: the CSV export for any list filter, staff only.
import type { StaffMember } from "@once/auth";
import { AppError } from "../app-error.ts";
import { streamLeadsCsv } from "../dashboard/lead-csv.ts";
import { leadListInput } from "../dashboard/lead-list.ts";
import { withProblemResponses } from "./handle-errors.ts";
import { parseOrRefuse } from "./validate.ts";
import type { RestDeps } from "./rest-context.ts";

export function exportLeadsCsvHandler(request: Request, staff: StaffMember | null, hasCustomerSession: boolean, deps: RestDeps): Promise<Response> {
  return withProblemResponses(request, deps, () => {
    if (!staff) {
      throw hasCustomerSession ? new AppError("FORBIDDEN", "staff only") : new AppError("UNAUTHENTICATED", "sign in as staff");
    }
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = parseOrRefuse(
      leadListInput,
      { ...params, possibleDuplicate: params.possibleDuplicate === undefined ? undefined : params.possibleDuplicate === "true" },
      "invalid filter",
    );
    const { cursor: _cursor, limit: _limit, ...filter } = parsed;
    if (filter.assignee === "me") filter.assignee = staff.id; // "My leads", as in the list
    const day = new Date().toISOString().slice(0, 10);
    return Promise.resolve(
      new Response(streamLeadsCsv(deps.readReplica ?? deps.prisma, filter), {
        headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="leads-${day}.csv"`, "cache-control": "no-store" },
      }),
    );
  });
}
