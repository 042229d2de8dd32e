// The one rule for which characters a text field may hold. PostgreSQL cannot store NUL or an
// unpaired UTF-16 surrogate (the write failed as a retryable 500), and control characters are
// invisible on a dashboard yet rewrite terminals, logs and CSV cells; so they are refused at
// the schema, with the field's name, and the answer is a 400. Shared by the browser forms
// (zod/mini: the browser bundles this, keep it small) and by the dashboard's classic-zod inputs.
import { z } from "zod/mini";

/** Single-line fields take no line break; multi-line ones take LF, CRLF and tab. */
export type TextLines = "single-line" | "multi-line";

// With the u flag a regex reads code points: a well-formed pair is one code point above
// U+FFFF and never matches, a lone half is a code point in this range and does.
const UNPAIRED_SURROGATE = /[\uD800-\uDFFF]/u;
const LINE_BREAK = /[\n\r]/;
// C0, DEL and C1; multi-line text keeps tab, LF and the CR of a CRLF (what Windows clients send).
/* eslint-disable no-control-regex -- finding control characters is what these are for */
const CONTROL: Record<TextLines, RegExp> = {
  "single-line": /[\u0000-\u001F\u007F-\u009F]/,
  "multi-line": /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/,
};
/* eslint-enable no-control-regex */

/** What is wrong with the text ("contains …"), or null when it may be stored. */
export function unsafeTextProblem(value: string, lines: TextLines): string | null {
  if (UNPAIRED_SURROGATE.test(value)) return "contains an invalid character (unpaired surrogate)";
  if (lines === "single-line" && LINE_BREAK.test(value)) return "must be a single line";
  if (CONTROL[lines].test(value)) return "contains a control character";
  return null;
}

/** The check for a string schema: an issue "<field> <problem>" at the field's own path. */
export const safeText = (field: string, lines: TextLines = "single-line") =>
  z.superRefine<string>((value, ctx) => {
    const problem = unsafeTextProblem(value, lines);
    if (problem) ctx.addIssue({ code: "custom", message: `${field} ${problem}`, input: value });
  });

/** A required text field: trimmed, not empty, at most `max` characters, and safe (as above). */
export const requiredText = (field: string, max: number, lines: TextLines = "single-line") =>
  z.string().check(z.trim(), z.minLength(1, `${field} is required`), z.maxLength(max, `${field} has at most ${max} characters`), safeText(field, lines));
