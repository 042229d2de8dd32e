import { describe, expect, it } from "vitest";
import { grantTracking, holdsGrant, TRACK_GRANT_SECONDS } from "./track-grant.ts";

const signing = { secret: "a-secret-of-at-least-thirty-two-characters", previousSecret: "the-previous-secret-of-thirty-two-chars" };

describe("track grant", () => {
  it("proves the number it was made for, however the number is spelt, until it ends", async () => {
    const now = Date.UTC(2026, 11, 3, 12);
    const grant = (await grantTracking(signing, "SO-000123", now))!;
    expect(await holdsGrant(signing, grant, "SO-000123", now)).toBe(true);
    expect(await holdsGrant(signing, grant, "so-123", now)).toBe(true);
    expect(await holdsGrant(signing, grant, "SO-000124", now)).toBe(false); // another number
    expect(await holdsGrant(signing, grant, "LD-000123", now)).toBe(false); // an inquiry with the same digits
    expect(await holdsGrant(signing, grant, "SO-000123", now + TRACK_GRANT_SECONDS * 1000 - 1000)).toBe(true);
    expect(await holdsGrant(signing, grant, "SO-000123", now + TRACK_GRANT_SECONDS * 1000)).toBe(false); // ended
  });

  it("refuses a forged, altered or missing grant, and a malformed number", async () => {
    const now = Date.now();
    const grant = (await grantTracking(signing, "LD-000007", now))!;
    const [version, number, expires, signature] = grant.split(".");
    expect(await holdsGrant(signing, `${version}.${number}.${Number(expires) + 3600}.${signature}`, "LD-000007", now)).toBe(false);
    expect(await holdsGrant(signing, `${version}.order-7.${expires}.${signature}`, "SO-000007", now)).toBe(false);
    expect(await holdsGrant({ secret: "another-secret-of-thirty-two-characters!" }, grant, "LD-000007", now)).toBe(false);
    expect(await holdsGrant(signing, undefined, "LD-000007", now)).toBe(false);
    expect(await holdsGrant(signing, "x".repeat(500), "LD-000007", now)).toBe(false);
    expect(await grantTracking(signing, "not a number", now)).toBeNull();
  });

  it("still holds after the secret is rotated (signed with what is now the previous secret)", async () => {
    const grant = (await grantTracking({ secret: signing.previousSecret }, "SO-42"))!;
    expect(await holdsGrant(signing, grant, "SO-42")).toBe(true);
  });
});
