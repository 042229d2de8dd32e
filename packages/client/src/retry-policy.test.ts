import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY, delayBeforeRetry, parseRetryAfter } from "./retry-policy.ts";
import { asProblem, isRetryableStatus, OnceProblemError } from "./errors.ts";

describe("retry policy", () => {
  it("doubles the backoff with jitter up to the cap, and never waits less than Retry-After", () => {
    const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((n) => delayBeforeRetry(n, null, options, () => 1))).toEqual([100, 200, 400, 800, 1_000]);
    expect(delayBeforeRetry(3, null, options, () => 0)).toBe(200);
    expect(delayBeforeRetry(1, 2, options, () => 1)).toBe(2_000);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("7")).toBe(7);
    expect(parseRetryAfter(new Date(Date.UTC(2026, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(30);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("soon")).toBeNull();
  });

  it("retries only what time can change, and trusts the problem's own retryable", () => {
    expect([400, 401, 403, 404, 410, 413, 415, 422].some(isRetryableStatus)).toBe(false);
    expect([408, 409, 425, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    const final = asProblem({ type: "x", title: "t", status: 409, code: "IDEMPOTENCY_KEY_REUSED", detail: "d", retryable: false });
    expect(new OnceProblemError(final, 409, undefined, 1).retryable).toBe(false);
    expect(new OnceProblemError(null, 502, undefined, 1)).toMatchObject({ code: "UNEXPECTED_RESPONSE", retryable: true });
  });
});
