// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { FinalRefusal, OutcomeUnknown } from "./outcome-errors.ts";
import { MAX_RETRY_DELAY_MS, MIN_RETRY_DELAY_MS, retryDelay, shouldRetry } from "./retry-policy.ts";

const noJitter = () => 0.5;
const unknown = new OutcomeUnknown(undefined);

describe("retry policy", () => {
  it("retries only unknown outcomes", () => {
    expect(shouldRetry(unknown)).toBe(true);
    expect(shouldRetry(new FinalRefusal("OUT_OF_STOCK", 422))).toBe(false);
    expect(shouldRetry(new TypeError("Failed to fetch"))).toBe(false); // the client turns these into OutcomeUnknown first
  });

  it("backs off exponentially from 1 s to 30 s", () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 20, 2000].map((failures) => retryDelay(failures, unknown, { random: noJitter }));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
  });

  it("jitters each step by ±25 % and stays within 1 s … 30 s", () => {
    expect(retryDelay(2, unknown, { random: () => 0 })).toBe(3000);
    expect(retryDelay(2, unknown, { random: () => 0.999999 })).toBeCloseTo(5000, 0);
    for (let failures = 0; failures < 12; failures++) {
      for (const r of [0, 0.25, 0.5, 0.75, 0.999999]) {
        const delay = retryDelay(failures, unknown, { random: () => r });
        expect(delay).toBeGreaterThanOrEqual(MIN_RETRY_DELAY_MS);
        expect(delay).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
      }
    }
  });

  it("never retries sooner than Retry-After, even past the 30 s cap", () => {
    expect(retryDelay(0, new OutcomeUnknown(7), { random: noJitter })).toBe(7000);
    expect(retryDelay(4, new OutcomeUnknown(1), { random: noJitter })).toBe(16000); // the backoff is longer
    expect(retryDelay(0, new OutcomeUnknown(120), { random: noJitter })).toBe(120_000);
  });

  it("offline, needs no timer (the runner waits for the connection) unless Retry-After asks for one", () => {
    expect(retryDelay(5, unknown, { online: false })).toBe(0);
    expect(retryDelay(5, new OutcomeUnknown(3), { online: false })).toBe(3000);
  });
});
