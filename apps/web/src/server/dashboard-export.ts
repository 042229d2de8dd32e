// The dashboard's export routes (app/api/dashboard/{leads,orders}.{csv,xlsx}): the staff
// session, and the staff member's time zone from the tz cookie (i18n/time-zone-server.ts).
import "server-only";
import { staffFromHeaders } from "@once/auth";
import { exportHandler, type ExportFormat } from "@once/api/rest";
import { getTimeZone } from "~/i18n/time-zone-server";
import { getAuth } from "./auth";
import { restDeps } from "./rest-deps";
import { customerIdFromRequest } from "./session";

export async function dashboardExport(request: Request, what: "leads" | "orders", format: ExportFormat): Promise<Response> {
  const [staff, customerId, timeZone] = await Promise.all([
    staffFromHeaders(getAuth(), request.headers),
    customerIdFromRequest(request.headers),
    getTimeZone(),
  ]);
  return exportHandler(request, restDeps(), { what, format, staff, hasCustomerSession: customerId !== null, timeZone });
}
