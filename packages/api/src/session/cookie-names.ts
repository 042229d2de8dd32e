// The customer session's cookie names, in a module of their own: the browser's code needs the
// tag's name (the submission engine, the service worker) and must not bundle the token code
// beside it (./customer-session.ts uses Node's Buffer, which a browser bundle would polyfill).
export const SESSION_COOKIE = "once_session";
/** The same cookie over HTTPS: `__Host-` binds it to this exact origin, Secure and Path=/. */
export const SECURE_SESSION_COOKIE = "__Host-once_session";
/** A JavaScript-readable tag of the current session (not the token): the browser's pending
 * submissions remember it and are never resent under another session. */
export const SESSION_TAG_COOKIE = "once_sid";
