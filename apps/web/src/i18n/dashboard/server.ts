// The dashboard's texts in server components (page titles, headings): the request's language.
import "server-only";
import { getLocale } from "../locale";
import { dashboardTranslator, type DashboardTranslate } from "./index";

export async function dashboardT(): Promise<DashboardTranslate> {
  return dashboardTranslator(await getLocale());
}
