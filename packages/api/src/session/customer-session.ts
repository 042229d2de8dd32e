// Anonymous customer sessions. A token is "cs2.<id>.<expires>.<signature>": the id is 128
// random bits, <expires> the Unix second it stops being valid, the signature an HMAC-SHA256 of
// everything before it with SESSION_SECRET, so any node can verify it without a database read
// and nobody can mint another customer's token. "cs2" is the format's version. Only the
// canonical spelling is accepted (exact lengths and alphabet), so a token with bytes appended or
// re-encoded is no token. SESSION_SECRET_PREVIOUS is accepted for verification, so the secret
// can be rotated without logging customers out (pages re-sign such tokens with the new one).
// The web app keeps the token in an httpOnly cookie; REST clients send it as a bearer token.
// The customer id is the principal of every operation the customer starts, and comes from
// nowhere else. Web Crypto (not node:crypto) so Next's proxy and route handlers share this code.

import { SECURE_SESSION_COOKIE, SESSION_COOKIE, SESSION_TAG_COOKIE } from "./cookie-names.ts";

export { SECURE_SESSION_COOKIE, SESSION_COOKIE, SESSION_TAG_COOKIE } from "./cookie-names.ts";
export const DEFAULT_SESSION_TTL_SECONDS = 365 * 24 * 60 * 60;
const VERSION = "cs2";
const TOKEN_PATTERN = /^cs2\.([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

/** How tokens are signed and checked: the current secret, optionally the previous one, the lifetime. */
export interface SessionSigning {
  secret: string;
  previousSecret?: string;
  ttlSeconds?: number;
}

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("base64url");
}

async function sign(secret: string, payload: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(payload)));
}

/** `payload` with its HMAC-SHA256 under the current secret: "<payload>.<signature>" (other short-lived grants, e.g. ../customer/track-grant.ts). */
export async function signPayload(signing: string | SessionSigning, payload: string): Promise<string> {
  return `${payload}.${await sign(signingOf(signing).secret, payload)}`;
}

/**
 * Which secret signed `payload` ("current", or "previous" for SESSION_SECRET_PREVIOUS), or null
 * for a wrong or non-canonical signature: 43 base64url characters carry 258 bits, and the last
 * two must be zero in the canonical form.
 */
async function signedBy(signing: string | SessionSigning, payload: string, signature: string): Promise<"current" | "previous" | null> {
  const bytes = Buffer.from(signature, "base64url");
  if (bytes.length !== 32 || toBase64Url(bytes) !== signature) return null;
  const data = encoder.encode(payload);
  const { secret, previousSecret } = signingOf(signing);
  if (await crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, data)) return "current";
  if (previousSecret && (await crypto.subtle.verify("HMAC", await hmacKey(previousSecret), bytes, data))) return "previous";
  return null;
}

/** The payload of a `signPayload` token signed with the current or previous secret, else null. */
export async function verifyPayload(signing: string | SessionSigning, token: string): Promise<string | null> {
  const dot = token.lastIndexOf(".");
  if (dot < 0) return null;
  const payload = token.slice(0, dot);
  return (await signedBy(signing, payload, token.slice(dot + 1))) ? payload : null;
}

const signingOf = (signing: string | SessionSigning): SessionSigning => (typeof signing === "string" ? { secret: signing } : signing);
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface CustomerSession {
  customerId: string;
  token: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** A new session, or a fresh token for an existing customer id (renewal, secret rotation). */
export async function createCustomerSession(signing: string | SessionSigning, customerId?: string): Promise<CustomerSession> {
  const { secret, ttlSeconds = DEFAULT_SESSION_TTL_SECONDS } = signingOf(signing);
  const id = customerId ?? toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  const expiresAt = nowSeconds() + ttlSeconds;
  const payload = `${VERSION}.${id}.${expiresAt}`;
  return { customerId: id, token: `${payload}.${await sign(secret, payload)}`, expiresAt };
}

export interface VerifiedToken {
  customerId: string;
  expiresAt: number;
  /** Signed with SESSION_SECRET_PREVIOUS: still valid, worth re-signing. */
  signedWithPrevious: boolean;
}

/** What a token proves, or null for anything forged, expired, non-canonical or malformed. */
export async function inspectCustomerToken(signing: string | SessionSigning, token: string | null | undefined): Promise<VerifiedToken | null> {
  if (!token || token.length > 120) return null;
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, customerId, expires, signature] = match as unknown as [string, string, string, string];
  const expiresAt = Number(expires);
  if (expiresAt <= nowSeconds()) return null;
  const by = await signedBy(signing, `${VERSION}.${customerId}.${expires}`, signature);
  return by ? { customerId, expiresAt, signedWithPrevious: by === "previous" } : null;
}

/** The customer id a token proves, or null. */
export async function verifyCustomerToken(signing: string | SessionSigning, token: string | null | undefined): Promise<string | null> {
  return (await inspectCustomerToken(signing, token))?.customerId ?? null;
}

/** True when a page should hand the browser a fresh token for the same customer. */
export function needsRenewal(verified: VerifiedToken, signing: string | SessionSigning): boolean {
  const { ttlSeconds = DEFAULT_SESSION_TTL_SECONDS } = signingOf(signing);
  return verified.signedWithPrevious || verified.expiresAt - nowSeconds() < ttlSeconds / 2;
}

/** The session's tag for SESSION_TAG_COOKIE: a one-way digest of the id, useless as a token. */
export async function sessionTag(customerId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(`once-session-tag:${customerId}`));
  return toBase64Url(digest).slice(0, 22);
}

export const customerPrincipal = (customerId: string) => `customer:${customerId}`;

/** The inverse: "customer:<id>" → "<id>" (business rows keep the bare customer id). */
export const customerIdOf = (principal: string) => principal.slice(principal.indexOf(":") + 1);

/** Reads the token from `Authorization: Bearer` first, then from the session cookie. */
export function readSessionToken(headers: Headers): string | null {
  const auth = headers.get("authorization");
  if (auth) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return match ? match[1]! : null;
  }
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  // The __Host- cookie wins: a plain-named one could have been planted by a sibling origin.
  return readCookie(cookie, SECURE_SESSION_COOKIE) ?? readCookie(cookie, SESSION_COOKIE);
}

/** A cookie's raw value (tokens are URL-safe, so nothing is decoded: a malformed one is no session). */
function readCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

export interface CookieOptions {
  secure: boolean;
  maxAgeSeconds?: number;
}

/** The Set-Cookie lines that give the browser `session`: the token (httpOnly) and its tag. */
export async function sessionCookies(session: CustomerSession, options: CookieOptions): Promise<string[]> {
  return [
    `${options.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE}=${session.token}; HttpOnly; ${cookieAttributes(session, options)}`,
    await sessionTagCookie(session, options),
  ];
}

/** The Set-Cookie line of the session's tag alone (readable by the page's scripts). */
export async function sessionTagCookie(session: Pick<CustomerSession, "customerId" | "expiresAt">, options: CookieOptions): Promise<string> {
  return `${SESSION_TAG_COOKIE}=${await sessionTag(session.customerId)}; ${cookieAttributes(session, options)}`;
}

function cookieAttributes(session: Pick<CustomerSession, "expiresAt">, options: CookieOptions): string {
  const maxAge = options.maxAgeSeconds ?? Math.max(0, session.expiresAt - nowSeconds());
  return ["Path=/", "SameSite=Lax", `Max-Age=${maxAge}`, options.secure ? "Secure" : ""].filter(Boolean).join("; ");
}
