// Field errors in the customer's language, derived from the shared zod schema's issues (the
// same schema the server validates with), not from its English messages.
import type { $ZodIssue } from "zod/v4/core";
import type { MessageKey, Translate } from "./messages";

export function localizeIssue(issue: $ZodIssue | undefined, fieldLabel: string, t: Translate): string | undefined {
  if (!issue) return undefined;
  const field = fieldLabel;
  const path = issue.path.map(String).join(".");
  if (path.endsWith("phone") && issue.code !== "too_big") return issue.code === "too_small" ? t("error.required", { field }) : t("error.phone");
  if (path.endsWith("email")) return t("error.email");
  switch (issue.code) {
    case "too_small":
      return issue.origin === "string" ? t("error.required", { field }) : t("error.tooSmall", { field, n: Number(issue.minimum) });
    case "too_big":
      return issue.origin === "string" ? t("error.tooLong", { field, n: Number(issue.maximum) }) : t("error.tooBig", { field, n: Number(issue.maximum) });
    case "invalid_type":
      return issue.expected === "number" || issue.expected === "int" ? t("error.number", { field }) : t("error.required", { field });
    default:
      return t("error.invalid" satisfies MessageKey, { field });
  }
}
