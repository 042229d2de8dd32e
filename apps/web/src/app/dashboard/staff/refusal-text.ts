// Why the server refused a staff-account change, in the reader's language: from the reason code
// and its parameters in the error's protocol data (@once/auth/refusals), not from the English
// message; any other error (an outage, a lost session) as every dashboard page says it
// (../error-text.ts).
import { isPasswordRule, isStaffRefusalReason } from "@once/auth/refusals";
import type { DashboardKey, DashboardTranslate } from "~/i18n/dashboard";
import { errorSentence } from "../error-text";
import { protocolData } from "../protocol-code";

/** The invite, reset and password page's fields, as a schema error (VALIDATION_FAILED) names them. */
const FIELDS: Record<string, DashboardKey> = {
  email: "staff.field.email",
  name: "staff.field.name",
  role: "staff.field.role",
  password: "staff.field.password",
  currentPassword: "staff.field.currentPassword",
  newPassword: "staff.field.newPassword",
};

function sentence(error: { message: string }, t: DashboardTranslate): string {
  const { code, params = {}, fields } = protocolData(error);
  if (code === "WEAK_PASSWORD" && isPasswordRule(params.rule)) return t(`staff.password.${params.rule}`, params);
  if (isStaffRefusalReason(code)) return t(`staff.refusal.${code}`, params);
  if (code === "VALIDATION_FAILED" && fields) {
    const named = Object.keys(fields).map((field) => (FIELDS[field] ? t(FIELDS[field]) : field));
    return t("staff.refusal.fields", { fields: named.join(t("staff.refusal.fieldSeparator")) });
  }
  return errorSentence(error, t);
}

/** "Refused: …" for the page's message area. */
export const refusalText = (error: { message: string }, t: DashboardTranslate): string => t("staff.refused", { message: sentence(error, t) });
