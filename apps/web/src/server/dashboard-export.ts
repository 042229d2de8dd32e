// The dashboard's export routes (app/api/dashboard/{leads,orders}.{csv,xlsx}): the staff
// session, the staff member's time zone from the tz cookie (i18n/time-zone-server.ts) and their
// language for the files' headers and values (export-words.ts).
import "server-only";
import { staffFromHeaders } from "@once/auth";
import { exportHandler, type ExportFormat } from "@once/api/rest";
import { getLocale } from "~/i18n/locale";
import { getTimeZone } from "~/i18n/time-zone-server";
import { getAuth } from "./auth";
import { exportWords } from "./export-words";
import { restDeps } from "./rest-deps";
import { customerIdFromRequest } from "./session";

export async function dashboardExport(request: Request, what: "leads" | "orders", format: ExportFormat): Promise<Response> {
  const [staff, customerId, timeZone, locale] = await Promise.all([
    staffFromHeaders(getAuth(), request.headers),
    customerIdFromRequest(request.headers),
    getTimeZone(),
    getLocale(),
  ]);
  const words = exportWords(locale);
  return exportHandler(request, restDeps(), { what, format, staff, hasCustomerSession: customerId !== null, timeZone, words });
}
