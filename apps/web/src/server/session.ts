import "server-only";
import { readSessionToken, verifyCustomerToken, type SessionSigning } from "@once/api/session";
import { env } from "~/env";

/** How this node signs and checks customer tokens (SESSION_SECRET, its predecessor, the lifetime). */
export function sessionSigning(): SessionSigning {
  return { secret: env.SESSION_SECRET, previousSecret: env.SESSION_SECRET_PREVIOUS, ttlSeconds: env.SESSION_TTL_DAYS * 24 * 60 * 60 };
}

/** Cookies are Secure (and the session cookie `__Host-`) when the app is served over HTTPS. */
export const secureCookies = (): boolean => env.SECURE_COOKIES ?? env.PUBLIC_URL?.startsWith("https:") ?? false;

/** The customer id proven by this request's cookie or bearer token, or null. */
export function customerIdFromRequest(headers: Headers): Promise<string | null> {
  return verifyCustomerToken(sessionSigning(), readSessionToken(headers));
}
