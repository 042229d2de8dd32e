// The error codes of CONTRACT.md, with the HTTP status, the tRPC code and whether retrying
// the same request can help. REST and tRPC both map from this one table.
export const idempotencyErrors = {
  IDEMPOTENCY_KEY_MISSING: { status: 400, trpc: "BAD_REQUEST", retryable: false, title: "Idempotency key missing" },
  IDEMPOTENCY_KEY_INVALID: { status: 400, trpc: "BAD_REQUEST", retryable: false, title: "Idempotency key invalid" },
  VALIDATION_FAILED: { status: 400, trpc: "BAD_REQUEST", retryable: false, title: "Request validation failed" },
  UNAUTHENTICATED: { status: 401, trpc: "UNAUTHORIZED", retryable: false, title: "Authentication required" },
  FORBIDDEN: { status: 403, trpc: "FORBIDDEN", retryable: false, title: "Not allowed" },
  NOT_FOUND: { status: 404, trpc: "NOT_FOUND", retryable: false, title: "Not found" },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, trpc: "CONFLICT", retryable: true, title: "Operation still in progress" },
  IDEMPOTENCY_KEY_EXPIRED: { status: 410, trpc: "PRECONDITION_FAILED", retryable: false, title: "Idempotency key expired" },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: "PAYLOAD_TOO_LARGE", retryable: false, title: "Request body too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE", retryable: false, title: "Unsupported media type" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, trpc: "UNPROCESSABLE_CONTENT", retryable: false, title: "Idempotency key reused with different parameters" },
  RATE_LIMITED: { status: 429, trpc: "TOO_MANY_REQUESTS", retryable: true, title: "Too many requests" },
  INTERNAL: { status: 500, trpc: "INTERNAL_SERVER_ERROR", retryable: true, title: "Internal error" },
} as const;

export type ErrorCode = keyof typeof idempotencyErrors;

/** What a 422 says about the operation the key is already bound to. */
export interface BoundOperation {
  status: number;
  resultId: string | null;
  outcome: string;
}

export interface ProtocolErrorDetails {
  retryAfterSeconds?: number;
  boundTo?: BoundOperation;
  fields?: Record<string, string[]>;
}

/** A protocol-level refusal; adapters turn it into problem+json or a TRPCError. */
export class IdempotencyError extends Error {
  override name = "IdempotencyError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ProtocolErrorDetails = {},
  ) {
    super(message);
  }
  get status(): number {
    return idempotencyErrors[this.code].status;
  }
  get retryable(): boolean {
    return idempotencyErrors[this.code].retryable;
  }
}
