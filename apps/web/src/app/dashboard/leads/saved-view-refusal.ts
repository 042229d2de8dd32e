// Why a saved view was not saved, renamed, shared or deleted, in the reader's language: from the
// refusal's code and params (packages/api's dashboard/saved-views.ts); anything else as every
// dashboard error (../error-text.ts).
import type { DashboardKey, DashboardTranslate } from "~/i18n/dashboard";
import { errorText } from "../error-text";
import { protocolData } from "../protocol-code";

const REFUSALS = ["VIEW_NAME_EMPTY", "VIEW_NAME_TOO_LONG", "VIEW_NAME_TAKEN", "VIEW_QUERY_TOO_LONG", "TOO_MANY_VIEWS", "VIEW_NOT_YOURS", "NOT_FOUND"] as const;
const QUERY_PROBLEMS = ["form", "unknown", "repeated", "value", "empty"] as const;

/** The refusal framed as "Not saved: …" (a new view) or "Not changed: …" (renaming, sharing, deleting). */
export function viewRefusal(error: unknown, t: DashboardTranslate, frame: "leads.view.refused" | "leads.view.refusedChange" = "leads.view.refused"): string {
  const { code, params = {} } = protocolData(error);
  const known = REFUSALS.find((r) => r === code);
  if (known) return t(frame, { reason: t(`leads.view.refusal.${known}`, params) });
  if (code === "VIEW_QUERY_INVALID") {
    const problem = QUERY_PROBLEMS.find((p) => p === params.problem) ?? "form";
    const key: DashboardKey = `leads.view.refusal.query.${problem}`;
    return t(frame, { reason: t(key, params) });
  }
  return errorText(error, t);
}
