// The application's own error codes (the protocol's are IdempotencyError's): one table from
// code to HTTP status, title and whether a retry can help. REST answers them as problem+json
// and tRPC as the error whose code matches the status (`toTRPCError`), like protocol errors.
import { defineProblems } from "@once/idempotency";
import { toTRPCError } from "@once/idempotency/trpc";

export const appErrors = {
  UNAUTHENTICATED: { status: 401, retryable: false, title: "Authentication required" },
  FORBIDDEN: { status: 403, retryable: false, title: "Not allowed" },
  NOT_FOUND: { status: 404, retryable: false, title: "Not found" },
  STALE_VERSION: { status: 409, retryable: false, title: "Changed by someone else" },
  RATE_LIMITED: { status: 429, retryable: true, title: "Too many requests" },
  INTERNAL: { status: 500, retryable: true, title: "Internal error" },
} as const;

export type AppErrorCode = keyof typeof appErrors;

export class AppError extends defineProblems("AppError", appErrors) {}

/** The tRPC error for an application error (throw it from a procedure). */
export const appTRPCError = (code: AppErrorCode, message: string) => toTRPCError(new AppError(code, message));
