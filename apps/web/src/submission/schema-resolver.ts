// react-hook-form resolver over the shared zod schema (the one the server validates with),
// with every message in the customer's language.
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { z } from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { localizeIssue } from "~/i18n/localize-issue";
import type { Translate } from "~/i18n/messages";

export function localizedSchemaResolver<T extends FieldValues>(schema: $ZodType, labels: Record<string, string>, t: Translate): Resolver<T> {
  return (values) => {
    const parsed = z.safeParse(schema, values);
    if (parsed.success) return { values: parsed.data as T, errors: {} };
    const errors: Record<string, { type: string; message?: string }> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path.map(String).join(".");
      if (errors[name]) continue;
      const label = labels[name] ?? labels[String(issue.path.at(-1))] ?? name;
      errors[name] = { type: issue.code, message: localizeIssue(issue, label, t) };
    }
    return { values: {}, errors: nestErrors(errors) as FieldErrors<T> };
  };
}

/** "contact.phone" → { contact: { phone: ... } }, the shape react-hook-form expects. */
function nestErrors(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = path.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = error;
  }
  return out;
}
