// The session an operation belongs to, as the browser can see it. A session cookie is
// httpOnly; the server also sets a JavaScript-readable opaque tag of that session (it changes
// whenever the session does). An operation records the tag it was sent under and is never
// resent nor looked up once the tag differs: under another session the server would not know
// the operation and the browser would send it again, as someone else's (e.g. after a
// cross-site form replaced the session cookie).
import type { PendingOperation } from "./pending-operation.ts";

/** Reads the tag from the cookie `name`; null when there is none (no session yet, or no document). */
export function cookieSessionTag(name: string): () => string | null {
  return () => {
    if (typeof document === "undefined") return null;
    for (const part of document.cookie.split(";")) {
      const eq = part.indexOf("=");
      if (eq < 0) continue;
      if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
    }
    return null;
  };
}

/**
 * True when the browser's session is no longer the one the operation was sent under. An
 * operation without a tag counts as sent under "no tag", so it too stops as soon as the
 * browser has one: it cannot be proven to belong to the current session.
 */
export function sessionChanged(operation: Pick<PendingOperation, "sessionTag">, currentTag: string | null): boolean {
  return (operation.sessionTag ?? null) !== currentTag;
}
