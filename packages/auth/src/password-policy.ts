// What a staff password must be, for every way of setting one (`pnpm staff`, the admin page).
// Length is what makes a password strong; the other rules refuse what attackers try first.
// Each refusal names its rule (with the values it needs) for the admin page to word in the
// reader's language, and is one English sentence the operator can act on.
import { DEV_STAFF_PASSWORD } from "./dev-staff.ts";
import type { PasswordRule, RefusalParams } from "./refusals.ts";

export const PASSWORD_MIN_LENGTH = 12;
/** better-auth's own limit for a password it will verify. */
export const PASSWORD_MAX_LENGTH = 128;
/** Fewer different characters than this ("aaaaaaaaaaaa") is a pattern, not a secret. */
export const PASSWORD_MIN_DISTINCT = 6;

const COMMON = ["password", "qwerty", "123456", "letmein", "welcome", "admin", "changeme", "change-me", "iloveyou", "abc123", "111111", "sample"];

/** The rule a password breaks, the values its sentence needs, and the English sentence. */
export interface PasswordViolation {
  rule: PasswordRule;
  params: RefusalParams;
  message: string;
}

const broken = (rule: PasswordRule, message: string, params: RefusalParams = {}): PasswordViolation => ({ rule, params, message });

/** The first rule `password` breaks for this account, or null when it is acceptable. */
export function passwordViolation(password: string, account: { email: string; name?: string }): PasswordViolation | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return broken("TOO_SHORT", `the password is too short: at least ${PASSWORD_MIN_LENGTH} characters`, { min: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH)
    return broken("TOO_LONG", `the password is too long: at most ${PASSWORD_MAX_LENGTH} characters`, { max: PASSWORD_MAX_LENGTH });
  if (password.trim() !== password) return broken("EDGE_SPACE", "the password starts or ends with a space");
  if (new Set(password).size < PASSWORD_MIN_DISTINCT)
    return broken("FEW_DISTINCT", `the password repeats too few characters: use at least ${PASSWORD_MIN_DISTINCT} different ones`, {
      min: PASSWORD_MIN_DISTINCT,
    });
  const lower = password.toLowerCase();
  if (lower === DEV_STAFF_PASSWORD) return broken("DEV_PASSWORD", "the password is the development account's published one");
  const local = account.email.toLowerCase().split("@")[0] ?? "";
  if (local.length >= 3 && lower.includes(local)) return broken("CONTAINS_EMAIL", "the password contains the e-mail address");
  const name = account.name?.trim().toLowerCase() ?? "";
  if (name.length >= 3 && lower.includes(name)) return broken("CONTAINS_NAME", "the password contains the account's name");
  const common = COMMON.find((word) => lower.includes(word));
  if (common && lower.replace(common, "").length < 8)
    return broken("COMMON_WORD", `the password is built on a commonly guessed word ("${common}")`, { word: common });
  if (isRun(lower)) return broken("KEY_RUN", "the password is a run of keys (like 1234… or abcd…)");
  return null;
}

/** Why `password` is refused for this account (one sentence), or null when it is acceptable. */
export function passwordProblem(password: string, account: { email: string; name?: string }): string | null {
  return passwordViolation(password, account)?.message ?? null;
}

/** "123456789012", "abcdefghijkl": each character the one after the previous (9 then 0). */
function isRun(text: string): boolean {
  for (let i = 1; i < text.length; i++) {
    const next = text[i - 1] === "9" ? "0" : String.fromCharCode(text.charCodeAt(i - 1) + 1);
    if (text[i] !== next) return false;
  }
  return true;
}
