// What an inquiry is made of (the older lead form's fields and limits, "seed 000" in
// docs/GUARANTEES.md: name 50, phone 20, content 1000; optional e-mail and company), and the
// sample guide it is about when asked from the guide's page (its slug, as an order's item).
// Fingerprint: every business field; the phone is compared in its normalised form, so
// "138 0000 0000" and "13800000000" are the same inquiry.
// Written with zod/mini: the browser bundles this file, and mini tree-shakes. Every text field
// refuses characters PostgreSQL cannot store or a reader cannot see (text-safety.ts); only the
// content may span lines.
import { z } from "zod/mini";
import { formatLeadNumber, LEAD_STATUSES } from "@once/db/domain";
import { FIELD_LIMITS } from "../field-limits.ts";
import { requiredText, safeText } from "../text-safety.ts";

/** Digits with an optional leading +; spaces, dashes, dots and brackets are dropped. */
export const normalizePhone = (raw: string) => raw.trim().replace(/[\s().-]/g, "");

/**
 * A phone as the sales team can call it, once normalised: a mainland Chinese mobile number
 * (11 digits starting with 1 and a second digit 3-9, with or without +86), or any other number in
 * E.164 form (+, the country code, at most 15 digits). A local number without a country code that
 * is not a Chinese mobile (a landline, a typo) cannot be told apart from a wrong one, so it is
 * refused with the format that is expected.
 */
export const PHONE_PATTERN = /^(?:(?:\+86)?1[3-9][0-9]{9}|\+(?!861[3-9])[1-9][0-9]{7,14})$/;
export const PHONE_RULE =
  "phone must be a Chinese mobile number (11 digits starting with 1, +86 optional) or an international number with + and its country code (E.164)";

export const phoneSchema = z.pipe(
  requiredText("phone", FIELD_LIMITS.phone),
  z.pipe(z.transform(normalizePhone), z.string().check(z.regex(PHONE_PATTERN, PHONE_RULE))),
);

const optionalText = (field: string, max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, `${field} has at most ${max} characters`), safeText(field))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  );

export const leadInputSchema = z.object({
  name: requiredText("name", FIELD_LIMITS.name),
  phone: phoneSchema,
  content: requiredText("content", FIELD_LIMITS.content, "multi-line"),
  email: z.pipe(
    z.nullish(
      z.union([
        z.literal(""),
        z
          .email("email must be a valid address")
          .check(z.maxLength(FIELD_LIMITS.email, `email has at most ${FIELD_LIMITS.email} characters`), safeText("email")),
      ]),
    ),
    z.transform((v: string | null | undefined) => (v ? v.toLowerCase() : null)),
  ),
  company: optionalText("company", FIELD_LIMITS.company),
  // Optional in the parsed value too: inputs built in code (samples, tests) may leave it out.
  guide: z.optional(optionalText("guide", FIELD_LIMITS.item)),
});
export type LeadInput = z.output<typeof leadInputSchema>;

// A missing guide and null count the same (the fingerprint's default), so keys taken before
// inquiries could name a guide keep their fingerprints.
export const leadFingerprint = { fields: ["name", "phone", "content", "email", "company", "guide"] } as const;

export const leadViewSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(LEAD_STATUSES),
  createdAt: z.string(),
});
export type LeadView = z.infer<typeof leadViewSchema>;

export { formatLeadNumber };

/** A lead from the same phone or e-mail within this window, under another key, is flagged (and goes to the same owner). */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
