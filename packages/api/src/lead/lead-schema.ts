// What an inquiry is made of (seed 000's fields and limits: name 50, phone 20, content 1000;
// optional e-mail and company). Fingerprint: every business field; the phone is compared in
// its normalised form, so "138 0000 0000" and "13800000000" are the same inquiry.
import { z } from "zod";

/** Digits with an optional leading +; spaces, dashes, dots and brackets are dropped. */
export const normalizePhone = (raw: string) => raw.trim().replace(/[\s().-]/g, "");

export const phoneSchema = z
  .string()
  .trim()
  .min(1, "phone is required")
  .max(20, "phone has at most 20 characters")
  .transform(normalizePhone)
  .pipe(z.string().regex(/^\+?[0-9]{5,19}$/, "phone must be 5 to 19 digits, optionally starting with +"));

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const leadInputSchema = z.object({
  name: z.string().trim().min(1, "name is required").max(50, "name has at most 50 characters"),
  phone: phoneSchema,
  content: z.string().trim().min(1, "content is required").max(1000, "content has at most 1000 characters"),
  email: z
    .union([z.literal(""), z.email("email must be a valid address").max(254, "email has at most 254 characters")])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  company: optionalText(100, "company"),
});
export type LeadInput = z.infer<typeof leadInputSchema>;

export const leadFingerprint = { fields: ["name", "phone", "content", "email", "company"] } as const;

export const leadViewSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(["new", "contacted", "qualified", "won", "lost"]),
  createdAt: z.string(),
});
export type LeadView = z.infer<typeof leadViewSchema>;

export const formatLeadNumber = (n: number) => `LD-${String(n).padStart(6, "0")}`;

/** A lead from the same phone within this window, under another key, is flagged. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
