// The session a submission belongs to, as the browser can see it: every page response sets
// SESSION_TAG_COOKIE, a JavaScript-readable tag of the httpOnly customer session (proxy.ts). A
// submission records the tag it was sent under and is never resent nor looked up once it
// differs (the rule is @once/idempotency/client's session-tag).
import { SESSION_TAG_COOKIE } from "@once/api/session-cookies";
import { cookieSessionTag, sessionChanged } from "@once/idempotency/client";
import type { OperationVariables } from "./submission-types";

/** The current session's tag, or null (no session yet, or not in a browser). */
export const readSessionTag = cookieSessionTag(SESSION_TAG_COOKIE);

/** True when the browser's session is no longer the one this operation was sent under (never on the server). */
export function sessionChangedFor(vars: Pick<OperationVariables, "sessionTag">): boolean {
  return typeof document !== "undefined" && sessionChanged(vars, readSessionTag());
}
