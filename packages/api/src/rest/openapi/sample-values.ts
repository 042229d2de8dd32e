// The values the examples share: one operation key, fixed ids and instants. The replay test
// sends every example under a session of its own, so one key serves every case; ids, numbers
// and instants are the server's to mint and are compared by type only.
import { IdempotencyError, OPERATION_KEY_DESCRIPTION, type ProblemError } from "@once/idempotency";
import { problemBody } from "@once/idempotency/http";

export const SAMPLE_KEY = "5f3c8a2e-9b1d-4e7a-8c6f-1a2b3c4d5e6f";
export const SAMPLE_ORDER_ID = "0b9d6c3a-7e2f-4a1b-9c8d-3e4f5a6b7c8d";
export const SAMPLE_LEAD_ID = "6a7b8c9d-1e2f-4a3b-8c4d-5e6f7a8b9c0d";
export const SAMPLE_CREATED_AT = "2026-12-01T09:30:00.000Z";
export const SAMPLE_EXPIRES_AT = "2026-12-31T09:30:00.000Z";
export const SAMPLE_REQUEST_ID = "7d3f9b2c-4a1e-4f6d-8b5c-9e0a1b2c3d4e";
export const SAMPLE_TOKEN = "cs2.2c9e4f1a-8b3d-4e5f-9a6b-7c8d9e0f1a2b.1796117400.kq1Wv3b8xZ0f2n9Lr5tYc4HmJ7aPdE6sU1oNgB8iQwk";

/** The problem document the server sends for an error (the same function builds both). */
export const problem = (error: ProblemError) => problemBody(error);

export const keyProblems = {
  missing: problem(new IdempotencyError("IDEMPOTENCY_KEY_MISSING", `send an operation key in the Idempotency-Key header (${OPERATION_KEY_DESCRIPTION})`)),
  invalid: problem(new IdempotencyError("IDEMPOTENCY_KEY_INVALID", `the Idempotency-Key header must be ${OPERATION_KEY_DESCRIPTION}`)),
  inProgress: problem(
    new IdempotencyError("IDEMPOTENCY_IN_PROGRESS", "an earlier request with this operation key is still being processed", { retryAfterSeconds: 1 }),
  ),
  expired: problem(new IdempotencyError("IDEMPOTENCY_KEY_EXPIRED", "this operation key is past its retention period and will not be executed again")),
};
