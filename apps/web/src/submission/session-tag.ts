// The session a submission belongs to, as the browser can see it. The customer session cookie
// is httpOnly; every page response also sets `once_sid`, a JavaScript-readable opaque tag of
// that session (it changes whenever the session does, and is absent only before the browser
// has a session). A submission records the tag it was sent under (`OperationVariables.sessionTag`)
// and is never resent nor looked up once the tag differs: under another session the server
// would not know the operation and the browser would send it again, as someone else's
// (e.g. after a cross-site form replaced the session cookie).
import type { OperationVariables } from "./outcome";

export const SESSION_TAG_COOKIE = "once_sid";

/** The current session's tag, or null (no session yet, or not in a browser). */
export function readSessionTag(): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === SESSION_TAG_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * True when the browser's session is no longer the one this operation was sent under. A
 * submission without a tag counts as sent under "no tag", so it too stops as soon as the
 * browser shows one: the operation cannot be proven to belong to the current session.
 */
export function sessionChangedFor(vars: Pick<OperationVariables, "sessionTag">): boolean {
  if (typeof document === "undefined") return false;
  return (vars.sessionTag ?? null) !== readSessionTag();
}
