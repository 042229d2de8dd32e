import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { classify } from "@once/idempotency/client";
import { failureOf } from "./trpc-transport";

/** The error tRPC's httpLink raises for an error answer it could read. */
function answered(httpStatus: number, protocol?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = new Response(null, { status: httpStatus, headers });
  return TRPCClientError.from({ error: { code: -32600, message: "refused", data: { httpStatus, ...(protocol ? { protocol } : {}) } } }, { meta: { response } });
}

describe("a tRPC failure in the contract's terms", () => {
  it("reads the protocol data the server's error formatter adds", () => {
    const boundTo = { status: 201, resultId: "r1", outcome: "completed" };
    expect(failureOf(answered(422, { code: "IDEMPOTENCY_KEY_REUSED", status: 422, retryable: false, boundTo }))).toEqual({
      status: 422,
      code: "IDEMPOTENCY_KEY_REUSED",
      retryable: false,
      boundTo,
    });
    expect(failureOf(answered(409, { code: "IDEMPOTENCY_IN_PROGRESS", status: 409, retryable: true, retryAfterSeconds: 2 }))).toEqual({
      status: 409,
      code: "IDEMPOTENCY_IN_PROGRESS",
      retryable: true,
      retryAfterSeconds: 2,
    });
  });

  it("takes Retry-After from the header when the data has none", () => {
    expect(failureOf(answered(429, { code: "RATE_LIMITED", status: 429, retryable: true }, { "retry-after": "7" }))).toMatchObject({ retryAfterSeconds: 7 });
    expect(failureOf(answered(503, undefined, { "retry-after": "Wed, 21 Oct 2026 07:28:00 GMT" }))).toEqual({ status: 503 });
  });

  it("keeps the HTTP status of a tRPC error without protocol data", () => {
    expect(failureOf(answered(405))).toEqual({ status: 405 });
  });

  it("has no status when no tRPC answer was read: network failure, or a body that is not tRPC's", () => {
    expect(failureOf(new TypeError("Failed to fetch"))).toEqual({});
    expect(failureOf(TRPCClientError.from(new SyntaxError("Unexpected token u in JSON")))).toEqual({});
  });

  it("lands each answer in the right row of the classification", () => {
    expect(classify(failureOf(new TypeError("Failed to fetch")))).toBe("unknown");
    expect(classify(failureOf(answered(500, { code: "INTERNAL", status: 500, retryable: true })))).toBe("unknown");
    expect(classify(failureOf(answered(422, { code: "OUT_OF_STOCK", status: 422, retryable: false, replayed: true })))).toBe("refused");
    expect(classify(failureOf(answered(422, { code: "IDEMPOTENCY_KEY_REUSED", status: 422, retryable: false })))).toBe("conflict");
  });
});
