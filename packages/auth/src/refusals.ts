// Why a staff-account operation was refused, as stable codes and the values its sentence is made
// of. `pnpm staff` prints StaffAccountError's English sentence; the admin page gets the code and
// the parameters (packages/api puts them in the tRPC error's data) and words them in the reader's
// language. No imports: the browser bundle reads these lists (`@once/auth/refusals`).

/** Every reason a StaffAccountError can carry. */
export const STAFF_REFUSAL_REASONS = [
  "INVALID_EMAIL",
  "UNKNOWN_ROLE",
  "EMPTY_NAME",
  "WEAK_PASSWORD",
  "NO_SUCH_ACCOUNT",
  "EMAIL_TAKEN",
  "OWN_ACCOUNT",
  // Replacing one's own temporary password (staff-accounts.ts, changeOwnPassword).
  "WRONG_PASSWORD",
  "SAME_PASSWORD",
  "NOT_TEMPORARY",
] as const;
export type StaffRefusalReason = (typeof STAFF_REFUSAL_REASONS)[number];

/** The password policy's rules (password-policy.ts): a WEAK_PASSWORD names the one broken in `params.rule`. */
export const PASSWORD_RULES = [
  "TOO_SHORT",
  "TOO_LONG",
  "EDGE_SPACE",
  "FEW_DISTINCT",
  "DEV_PASSWORD",
  "CONTAINS_EMAIL",
  "CONTAINS_NAME",
  "COMMON_WORD",
  "KEY_RUN",
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The values a refusal's sentence needs besides its code: a minimum length, an e-mail address, … */
export type RefusalParams = Record<string, string | number>;

export const isStaffRefusalReason = (value: unknown): value is StaffRefusalReason => STAFF_REFUSAL_REASONS.includes(value as StaffRefusalReason);
export const isPasswordRule = (value: unknown): value is PasswordRule => PASSWORD_RULES.includes(value as PasswordRule);
