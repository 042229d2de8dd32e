// Customer tokens: only the canonical spelling of an unexpired token signed with the current
// (or previous) secret proves a customer; a malformed cookie is "no session", never an error.
import { describe, expect, it, vi, afterEach } from "vitest";
import { createCustomerSession, inspectCustomerToken, needsRenewal, readSessionToken, sessionCookies, verifyCustomerToken } from "./customer-session.ts";

const secret = "a".repeat(40);
const other = "b".repeat(40);

afterEach(() => vi.useRealTimers());

describe("customer tokens", () => {
  it("carry a version and an expiry, and verify", async () => {
    const session = await createCustomerSession({ secret, ttlSeconds: 3600 });
    expect(session.token).toMatch(/^cs2\.[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt - Date.now() / 1000).toBeGreaterThan(3590);
    expect(await verifyCustomerToken(secret, session.token)).toBe(session.customerId);
  });

  it("refuses a token with bytes appended, re-encoded or altered", async () => {
    const { token } = await createCustomerSession(secret);
    for (const tampered of [`${token}A`, `${token}==`, `${token} `, `${token}.x`, token.slice(0, -1), token.replace("cs2", "cs1"), token.toUpperCase()]) {
      expect(await verifyCustomerToken(secret, tampered)).toBeNull();
    }
    // The last base64url character carries two unused bits: a non-zero spelling of them is refused.
    const last = token.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(await verifyCustomerToken(secret, token.slice(0, -1) + sibling)).toBeNull();
  });

  it("expires", async () => {
    const { token } = await createCustomerSession({ secret, ttlSeconds: 60 });
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ["Date"] });
    expect(await verifyCustomerToken(secret, token)).toBeNull();
  });

  it("accepts the previous secret during a rotation and asks for a re-signed token", async () => {
    const old = await createCustomerSession(other);
    expect(await verifyCustomerToken(secret, old.token)).toBeNull();
    const verified = await inspectCustomerToken({ secret, previousSecret: other }, old.token);
    expect(verified).toMatchObject({ customerId: old.customerId, signedWithPrevious: true });
    expect(needsRenewal(verified!, { secret })).toBe(true);
    const renewed = await createCustomerSession(secret, verified!.customerId);
    expect(await verifyCustomerToken(secret, renewed.token)).toBe(old.customerId);
  });

  it("renews past half its life, for the same customer", async () => {
    const signing = { secret, ttlSeconds: 1000 };
    const session = await createCustomerSession(signing);
    expect(needsRenewal((await inspectCustomerToken(signing, session.token))!, signing)).toBe(false);
    vi.useFakeTimers({ now: Date.now() + 600_000, toFake: ["Date"] });
    expect(needsRenewal((await inspectCustomerToken(signing, session.token))!, signing)).toBe(true);
  });

  it("reads a malformed cookie as no session instead of failing", async () => {
    for (const cookie of ["once_session=%E0%A4%A", "once_session", "once_session=;;", "=x; once_session=%"]) {
      const token = readSessionToken(new Headers({ cookie }));
      expect(await verifyCustomerToken(secret, token)).toBeNull();
    }
  });

  it("prefers the __Host- cookie and marks cookies Secure over HTTPS", async () => {
    const session = await createCustomerSession(secret);
    const [tokenCookie, tagCookie] = await sessionCookies(session, { secure: true });
    expect(tokenCookie).toMatch(/^__Host-once_session=cs2\..*; HttpOnly; Path=\/; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(tagCookie).toMatch(/^once_sid=[A-Za-z0-9_-]{22}; Path=\/; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(tagCookie).not.toContain(session.customerId);
    const planted = await createCustomerSession(secret);
    const headers = new Headers({ cookie: `once_session=${planted.token}; __Host-once_session=${session.token}` });
    expect(await verifyCustomerToken(secret, readSessionToken(headers))).toBe(session.customerId);
  });
});
