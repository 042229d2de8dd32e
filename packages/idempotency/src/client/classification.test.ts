// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { CLASSIFICATION, classify, outcomeError, type AttemptFailure, type Verdict } from "./classification.ts";
import { FinalRefusal, OutcomeUnknown } from "./outcome-errors.ts";

const bound = { status: 201, resultId: "r1", outcome: "completed" };

// Each example names the row (by its position in the table) it must land on.
const examples: [string, AttemptFailure, number, Verdict][] = [
  ["network error", {}, 0, "unknown"],
  ["a 500 text body tRPC could not read", {}, 0, "unknown"],
  ["500 INTERNAL (the API's own, retryable)", { status: 500, code: "INTERNAL", retryable: true }, 1, "unknown"],
  ["502 from the proxy, no code", { status: 502 }, 1, "unknown"],
  ["503 with a code that says not retryable", { status: 503, code: "MAINTENANCE", retryable: false }, 1, "unknown"],
  ["409 IDEMPOTENCY_IN_PROGRESS", { status: 409, code: "IDEMPOTENCY_IN_PROGRESS", retryable: true, retryAfterSeconds: 1 }, 2, "unknown"],
  ["429 RATE_LIMITED", { status: 429, code: "RATE_LIMITED", retryable: true, retryAfterSeconds: 30 }, 2, "unknown"],
  ["422 IDEMPOTENCY_KEY_REUSED", { status: 422, code: "IDEMPOTENCY_KEY_REUSED", retryable: false, boundTo: bound }, 3, "conflict"],
  ["400 VALIDATION_FAILED", { status: 400, code: "VALIDATION_FAILED", retryable: false }, 4, "refused"],
  ["401 UNAUTHENTICATED", { status: 401, code: "UNAUTHENTICATED", retryable: false }, 4, "refused"],
  ["410 IDEMPOTENCY_KEY_EXPIRED", { status: 410, code: "IDEMPOTENCY_KEY_EXPIRED", retryable: false }, 4, "refused"],
  ["422 OUT_OF_STOCK (a stored business rejection)", { status: 422, code: "OUT_OF_STOCK", retryable: false }, 4, "refused"],
  ["409 STALE_VERSION (the API's, not retryable)", { status: 409, code: "STALE_VERSION", retryable: false }, 4, "refused"],
  ["408 from a proxy, no code", { status: 408 }, 5, "unknown"],
  ["409 from a proxy, no code", { status: 409 }, 5, "unknown"],
  ["404 from a proxy, no code", { status: 404 }, 6, "refused"],
  ["413 from a proxy, no code", { status: 413 }, 6, "refused"],
];

describe("classification table", () => {
  it.each(examples)("%s → row %i, %s", (_name, failure, row, verdict) => {
    expect(CLASSIFICATION.findIndex((r) => r.matches(failure))).toBe(row);
    expect(CLASSIFICATION[row]!.verdict).toBe(verdict);
    expect(classify(failure)).toBe(verdict);
  });

  it("has an example for every row, and the last row matches anything", () => {
    expect(new Set(examples.map(([, , row]) => row))).toEqual(new Set(CLASSIFICATION.map((_, i) => i)));
    expect(CLASSIFICATION.at(-1)!.matches({ status: 418 })).toBe(true);
  });
});

describe("outcomeError", () => {
  it("unknown: OutcomeUnknown carrying Retry-After and the original error", () => {
    const cause = new Error("socket hang up");
    const error = outcomeError({ status: 429, code: "RATE_LIMITED", retryable: true, retryAfterSeconds: 30 }, cause);
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect(error).toMatchObject({ retryAfterSeconds: 30, cause });
  });

  it("conflict: a FinalRefusal with what the key is bound to", () => {
    const error = outcomeError({ status: 422, code: "IDEMPOTENCY_KEY_REUSED", retryable: false, boundTo: bound }, null);
    expect(error).toBeInstanceOf(FinalRefusal);
    expect(error).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", status: 422, boundTo: bound });
  });

  it("refused: a FinalRefusal with the answer's code, or REFUSED when it had none", () => {
    expect(outcomeError({ status: 422, code: "OUT_OF_STOCK", retryable: false }, null)).toMatchObject({ code: "OUT_OF_STOCK", status: 422 });
    expect(outcomeError({ status: 404 }, null)).toMatchObject({ name: "FinalRefusal", code: "REFUSED", status: 404 });
  });
});
