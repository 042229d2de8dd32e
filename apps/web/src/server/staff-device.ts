// The staff device cookie: a random id the browser keeps after a successful sign-in, sent only
// to the sign-in endpoint. A device that signed in to an account before skips that account's
// backoff (sign-in-limit.ts), so wrong passwords from anywhere else cannot lock the holder out.
// The id proves nothing on its own: the password is still checked, and the per-address budget
// still applies. The store keeps a hash of it, so reading the table gives no usable cookie.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { SIGN_IN_DEVICE_DAYS } from "@once/api/limits";
import { secureCookies } from "./session";

const cookieName = () => (secureCookies() ? "__Secure-staff_device" : "staff_device");
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The device id this request's cookie carries (a well-formed one), or null. */
export function deviceOf(request: Request): string | null {
  const name = cookieName();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === name && value && DEVICE_ID.test(value)) return value;
  }
  return null;
}

/** A fresh device id (256 random bits). */
export const newDevice = (): string => randomBytes(32).toString("base64url");

/** How the store names a device: a hash, never the cookie's value. */
export const deviceKey = (device: string): string => createHash("sha256").update(device).digest("base64url");

/** The Set-Cookie header that keeps `device` on this browser, for the sign-in endpoint only. */
export function deviceCookie(device: string): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `${cookieName()}=${device}; Path=/api/auth/sign-in; Max-Age=${SIGN_IN_DEVICE_DAYS * 24 * 60 * 60}; HttpOnly; SameSite=Strict${secure}`;
}
