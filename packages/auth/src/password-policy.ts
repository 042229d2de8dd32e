// What a staff password must be, for every way of setting one (`pnpm staff`, the admin page).
// Length is what makes a password strong; the other rules refuse what attackers try first.
// Each refusal is one sentence the operator can act on.
import { DEV_STAFF_PASSWORD } from "./dev-staff.ts";

export const PASSWORD_MIN_LENGTH = 12;
/** better-auth's own limit for a password it will verify. */
export const PASSWORD_MAX_LENGTH = 128;

const COMMON = ["password", "qwerty", "123456", "letmein", "welcome", "admin", "changeme", "change-me", "iloveyou", "abc123", "111111", "sample"];

/** Why `password` is refused for this account, or null when it is acceptable. */
export function passwordProblem(password: string, account: { email: string; name?: string }): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `the password is too short: at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `the password is too long: at most ${PASSWORD_MAX_LENGTH} characters`;
  if (password.trim() !== password) return "the password starts or ends with a space";
  if (new Set(password).size < 6) return "the password repeats too few characters: use at least 6 different ones";
  const lower = password.toLowerCase();
  if (lower === DEV_STAFF_PASSWORD) return "the password is the development account's published one";
  const local = account.email.toLowerCase().split("@")[0] ?? "";
  if (local.length >= 3 && lower.includes(local)) return "the password contains the e-mail address";
  const name = account.name?.trim().toLowerCase() ?? "";
  if (name.length >= 3 && lower.includes(name)) return "the password contains the account's name";
  const common = COMMON.find((word) => lower.includes(word));
  if (common && lower.replace(common, "").length < 8) return `the password is built on a commonly guessed word ("${common}")`;
  if (isRun(lower)) return "the password is a run of keys (like 1234… or abcd…)";
  return null;
}

/** "123456789012", "abcdefghijkl": each character the one after the previous (9 then 0). */
function isRun(text: string): boolean {
  for (let i = 1; i < text.length; i++) {
    const next = text[i - 1] === "9" ? "0" : String.fromCharCode(text.charCodeAt(i - 1) + 1);
    if (text[i] !== next) return false;
  }
  return true;
}
