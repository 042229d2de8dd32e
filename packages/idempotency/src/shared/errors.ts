// Errors as the protocol reports them. A `ProblemError` carries what an error answer is made
// of (code, HTTP status, title, whether retrying the same request can help); the HTTP adapter
// turns one into problem+json and the tRPC adapter into a TRPCError, whoever defined it. This
// package defines only its own codes (`IdempotencyError`); an application defines its codes
// (unauthenticated, not found, rate limited, …) with `defineProblems` and the same adapters.

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
  /** What the refusal's sentence is made of besides its code (a minimum length, …), for a client that words it in its own language. */
  params?: Record<string, string | number>;
}

export interface ProblemSpec {
  status: number;
  title: string;
  retryable: boolean;
}

/** An error with a stable code and everything an adapter needs to answer it. */
export class ProblemError<Code extends string = string> extends Error {
  override name = "ProblemError";
  readonly status: number;
  readonly title: string;
  readonly retryable: boolean;
  constructor(
    spec: ProblemSpec,
    readonly code: Code,
    message: string,
    readonly details: ProtocolErrorDetails = {},
  ) {
    super(message);
    this.status = spec.status;
    this.title = spec.title;
    this.retryable = spec.retryable;
  }
}

/** Narrows to ProblemError whatever table defined it (`instanceof` alone would type it `any`). */
export const isProblemError = (error: unknown): error is ProblemError => error instanceof ProblemError;

/** An error class for a table of codes (one place from code to status, title, retryable). */
export function defineProblems<const Table extends Record<string, ProblemSpec>>(name: string, table: Table) {
  return class extends ProblemError<keyof Table & string> {
    override name = name;
    static readonly table = table;
    constructor(code: keyof Table & string, message: string, details: ProtocolErrorDetails = {}) {
      super(table[code]!, code, message, details);
    }
  };
}

/**
 * The protocol's own codes (the contract's table), and the request errors of its HTTP adapter
 * (malformed JSON or fields, size, media type).
 */
export const idempotencyErrors = {
  IDEMPOTENCY_KEY_MISSING: { status: 400, retryable: false, title: "Idempotency key missing" },
  IDEMPOTENCY_KEY_INVALID: { status: 400, retryable: false, title: "Idempotency key invalid" },
  VALIDATION_FAILED: { status: 400, retryable: false, title: "Request validation failed" },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, retryable: true, title: "Operation still in progress" },
  IDEMPOTENCY_KEY_EXPIRED: { status: 410, retryable: false, title: "Idempotency key expired" },
  PAYLOAD_TOO_LARGE: { status: 413, retryable: false, title: "Request body too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, retryable: false, title: "Unsupported media type" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, retryable: false, title: "Idempotency key reused with different parameters" },
} as const satisfies Record<string, ProblemSpec>;

export type ErrorCode = keyof typeof idempotencyErrors;

/** A protocol-level refusal; adapters turn it into problem+json or a TRPCError. */
export class IdempotencyError extends defineProblems("IdempotencyError", idempotencyErrors) {}
