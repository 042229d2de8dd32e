// Anonymous customer sessions. A token is "cs1.<id>.<signature>": the id is 128 random bits,
// the signature an HMAC-SHA256 of "cs1.<id>" with SESSION_SECRET, so any node can verify it
// without a database read and nobody can mint another customer's token. The web app keeps it
// in an httpOnly cookie; REST clients send it as a bearer token. The customer id is the
// principal of every operation the customer starts, and comes from nowhere else.
// Web Crypto (not node:crypto) so Next's proxy and route handlers share this code.

export const SESSION_COOKIE = "once_session";
export const SESSION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const PREFIX = "cs1";

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

export interface CustomerSession {
  customerId: string;
  token: string;
}

export async function createCustomerSession(secret: string): Promise<CustomerSession> {
  const customerId = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  const payload = `${PREFIX}.${customerId}`;
  return { customerId, token: `${payload}.${await sign(secret, payload)}` };
}

/** The customer id a token proves, or null for anything forged, truncated or malformed. */
export async function verifyCustomerToken(secret: string, token: string | null | undefined): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== PREFIX || !/^[A-Za-z0-9_-]{22}$/.test(parts[1]!)) return null;
  const signature = Buffer.from(parts[2]!, "base64url");
  const ok = await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, encoder.encode(`${PREFIX}.${parts[1]}`));
  return ok ? parts[1]! : null;
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
  for (const part of cookie.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join("="));
  }
  return null;
}

export function sessionCookie(token: string, options: { secure: boolean }): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${SESSION_MAX_AGE_SECONDS}`,
    options.secure ? "Secure" : "",
  ]
    .filter(Boolean)
    .join("; ");
}
