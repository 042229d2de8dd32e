// The contract's answers over HTTP: refusals as RFC 9457 problem documents (with Retry-After
// when retrying later helps), first outcomes and their byte-identical replays.
import { describe, expect, it } from "vitest";
import { IdempotencyError } from "../shared/errors.ts";
import type { OperationResult } from "../shared/outcome.ts";
import { operationResponse, PROBLEM_TYPE_BASE, problemBody, problemResponse, problemTypeFor } from "./responses.ts";

describe("problem documents", () => {
  it("name the problem type after the code, and carry the error's status, title, detail and retryability", () => {
    expect(problemTypeFor("IDEMPOTENCY_KEY_REUSED")).toBe(`${PROBLEM_TYPE_BASE}idempotency-key-reused`);
    const error = new IdempotencyError("IDEMPOTENCY_KEY_REUSED", "used with different parameters", {
      boundTo: { status: 201, resultId: "r-1", outcome: "completed" },
    });
    expect(problemBody(error)).toEqual({
      type: `${PROBLEM_TYPE_BASE}idempotency-key-reused`,
      title: "Idempotency key reused with different parameters",
      status: 422,
      code: "IDEMPOTENCY_KEY_REUSED",
      detail: "used with different parameters",
      retryable: false,
      boundTo: { status: 201, resultId: "r-1", outcome: "completed" },
    });
  });

  it("are sent as application/problem+json, never cached, with Retry-After when the error names one", async () => {
    const busy = problemResponse(new IdempotencyError("IDEMPOTENCY_IN_PROGRESS", "still running", { retryAfterSeconds: 2 }), { "x-request-id": "req-1" });
    expect(busy.status).toBe(409);
    expect(busy.headers.get("content-type")).toBe("application/problem+json");
    expect(busy.headers.get("cache-control")).toBe("no-store");
    expect(busy.headers.get("retry-after")).toBe("2");
    expect(busy.headers.get("x-request-id")).toBe("req-1");
    expect(await busy.json()).toMatchObject({ code: "IDEMPOTENCY_IN_PROGRESS", retryable: true, retryAfter: 2 });

    const invalid = problemResponse(new IdempotencyError("VALIDATION_FAILED", "bad fields", { fields: { name: ["name is required"] } }));
    expect(invalid.headers.get("retry-after")).toBeNull();
    expect(await invalid.json()).toMatchObject({ status: 400, fields: { name: ["name is required"] } });
  });
});

describe("operationResponse", () => {
  const created: OperationResult = { status: 201, body: { id: "r-1" }, bodyJson: '{"id":"r-1"}', resultId: "r-1", outcome: "completed", replayed: false };

  it("sends the first outcome's exact bytes, and the same again on a replay with Idempotent-Replayed: true", async () => {
    const first = operationResponse(created);
    const replay = operationResponse({ ...created, replayed: true });
    expect(first.status).toBe(201);
    expect(first.headers.get("content-type")).toBe("application/json");
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.has("idempotent-replayed")).toBe(false);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await first.text()).toBe('{"id":"r-1"}');
    expect(await replay.text()).toBe('{"id":"r-1"}');
  });

  it("keeps a stored business rejection a problem document", () => {
    const rejected = operationResponse({ ...created, status: 422, outcome: "rejected", resultId: null, bodyJson: '{"code":"OUT_OF_STOCK"}' });
    expect(rejected.status).toBe(422);
    expect(rejected.headers.get("content-type")).toBe("application/problem+json");
  });
});
