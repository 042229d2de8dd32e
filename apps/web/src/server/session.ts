import "server-only";
import { readSessionToken, verifyCustomerToken } from "@once/api/session";
import { env } from "~/env";

/** The customer id proven by this request's cookie or bearer token, or null. */
export function customerIdFromRequest(headers: Headers): Promise<string | null> {
  return verifyCustomerToken(env.SESSION_SECRET, readSessionToken(headers));
}
