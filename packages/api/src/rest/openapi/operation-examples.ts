// The documented cases of GET /api/v1/operations/{key}: what happened to one of the caller's
// operations, the answer to a lost response.
import { IdempotencyError, OPERATION_KEY_DESCRIPTION } from "@once/idempotency";
import { AppError } from "../../app-error.ts";
import { reject } from "../../business-rejection.ts";
import { OPERATION_TYPES } from "../../registry.ts";
import { internalErrorMessage } from "../../request/request-id.ts";
import type { ExampleCase } from "./example-case.ts";
import { problem, SAMPLE_CREATED_AT, SAMPLE_EXPIRES_AT, SAMPLE_KEY, SAMPLE_ORDER_ID, SAMPLE_REQUEST_ID } from "./sample-values.ts";

const createdOrder = { id: SAMPLE_ORDER_ID, number: "SO-000042", item: "sample-guide", quantity: 1, status: "received", createdAt: SAMPLE_CREATED_AT };
const view = { key: SAMPLE_KEY, type: "order", createdAt: SAMPLE_CREATED_AT, expiresAt: SAMPLE_EXPIRES_AT, fingerprintMatches: null };

export const operationCases: readonly ExampleCase[] = [
  {
    name: "completed",
    summary: "A completed order",
    description: "After `POST /api/v1/orders` with this key committed: the outcome, the result id and the first body.",
    status: 200,
    params: { key: SAMPLE_KEY, type: "order" },
    response: { ...view, outcome: "completed", status: 201, resultId: SAMPLE_ORDER_ID, result: createdOrder },
  },
  {
    name: "rejected",
    summary: "An order a business rule refused",
    description: "After an order of an unknown guide with this key: the stored rejection, as it is replayed.",
    status: 200,
    params: { key: SAMPLE_KEY, type: "order" },
    response: { ...view, outcome: "rejected", status: 404, resultId: null, result: reject("GUIDE_NOT_FOUND", `there is no guide "no-such-guide"`).body },
  },
  {
    name: "expired",
    summary: "An operation past retention",
    description: "The outcome is no longer kept; the key answers 410 to a resend and never runs again.",
    status: 200,
    params: { key: SAMPLE_KEY, type: "order" },
    response: { ...view, outcome: "expired", status: 201, resultId: SAMPLE_ORDER_ID, result: null },
  },
  {
    name: "keyInvalid",
    summary: "A malformed key",
    status: 400,
    params: { type: "order" },
    invalid: { params: { key: "short" } },
    response: problem(new IdempotencyError("IDEMPOTENCY_KEY_INVALID", `the key must be ${OPERATION_KEY_DESCRIPTION}`)),
  },
  {
    name: "typeInvalid",
    summary: "An unknown operation type",
    status: 400,
    params: { key: SAMPLE_KEY },
    invalid: { params: { type: "refund" } },
    response: problem(
      new IdempotencyError("VALIDATION_FAILED", `type must be one of ${OPERATION_TYPES.join(", ")}`, { fields: { type: ["unknown operation type"] } }),
    ),
  },
  {
    name: "unauthenticated",
    summary: "No session",
    status: 401,
    params: { key: SAMPLE_KEY, type: "order" },
    invalid: { anonymous: true },
    response: problem(new AppError("UNAUTHENTICATED", "send a customer session: Authorization: Bearer <token> from POST /api/v1/sessions, or its cookie")),
  },
  {
    name: "notFound",
    summary: "No operation of yours has this key",
    description: "The server never committed it (resend the same request with the same key), or it is another session's key.",
    status: 404,
    params: { key: SAMPLE_KEY, type: "order" },
    response: problem(new AppError("NOT_FOUND", "no operation of yours has this key")),
  },
  {
    name: "internal",
    summary: "A server failure",
    description: "The detail names only the request id (also in X-Request-Id). Ask again.",
    status: 500,
    params: { key: SAMPLE_KEY, type: "order" },
    response: problem(new AppError("INTERNAL", `${internalErrorMessage(SAMPLE_REQUEST_ID)}; retrying with the same operation key is safe`)),
  },
];
