// RFC 9457 problem+json errors and the success/replay responses of the contract.
import type { ProblemError } from "../shared/errors.ts";
import type { OperationResult } from "../shared/outcome.ts";

export const PROBLEM_TYPE_BASE = "https://docs.once.example/problems/";
export const REPLAYED_HEADER = "Idempotent-Replayed";

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  retryable: boolean;
  [extension: string]: unknown;
}

/** The problem type URI of a code: PROBLEM_TYPE_BASE + "idempotency-key-reused" etc. */
export function problemTypeFor(code: string): string {
  return PROBLEM_TYPE_BASE + code.toLowerCase().replace(/_/g, "-");
}

export function problemBody(error: ProblemError): ProblemBody {
  const body: ProblemBody = {
    type: problemTypeFor(error.code),
    title: error.title,
    status: error.status,
    code: error.code,
    detail: error.message,
    retryable: error.retryable,
  };
  const { boundTo, fields, retryAfterSeconds } = error.details;
  if (boundTo) body.boundTo = boundTo;
  if (fields) body.fields = fields;
  if (retryAfterSeconds !== undefined) body.retryAfter = retryAfterSeconds;
  return body;
}

export function problemResponse(error: ProblemError, headers: HeadersInit = {}): Response {
  const out = new Headers(headers);
  out.set("content-type", "application/problem+json");
  out.set("cache-control", "no-store");
  if (error.details.retryAfterSeconds !== undefined) out.set("retry-after", String(error.details.retryAfterSeconds));
  return new Response(JSON.stringify(problemBody(error)), { status: error.status, headers: out });
}

/**
 * The first outcome, or its replay: same status and body, plus `Idempotent-Replayed: true`.
 * A stored business rejection is a problem document already and keeps its media type.
 */
export function operationResponse(result: OperationResult, headers: HeadersInit = {}): Response {
  const out = new Headers(headers);
  out.set("content-type", result.outcome === "rejected" ? "application/problem+json" : "application/json");
  out.set("cache-control", "no-store");
  if (result.replayed) out.set(REPLAYED_HEADER, "true");
  return new Response(result.bodyJson, { status: result.status, headers: out });
}
