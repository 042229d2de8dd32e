import { describe, expect, it } from "vitest";
import { retentionPolicyProblem } from "./retention-policy";

describe("retention policy", () => {
  it("accepts the defaults: 30 + 365 days remembered, tokens valid 365", () => {
    expect(retentionPolicyProblem({ IDEMPOTENCY_RETENTION_DAYS: 30, IDEMPOTENCY_TOMBSTONE_DAYS: 365, SESSION_TTL_DAYS: 365 })).toBeNull();
  });

  it("refuses to forget keys while the token that sent them may still be valid, naming the variable", () => {
    const problem = retentionPolicyProblem({ IDEMPOTENCY_RETENTION_DAYS: 30, IDEMPOTENCY_TOMBSTONE_DAYS: 30, SESSION_TTL_DAYS: 365 });
    expect(problem).toMatch(/^invalid environment variable IDEMPOTENCY_TOMBSTONE_DAYS: .*at least 335$/);
  });
});
