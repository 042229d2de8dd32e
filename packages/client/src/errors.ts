// What a call that did not succeed resolves to: typed values, never thrown. A problem the
// server answered carries its stable `code`; an answer that was no problem document (a proxy's
// HTML page) gets the code UNEXPECTED_RESPONSE; no answer at all is a network error.
import type { components } from "./generated/schema.ts";

export type Problem = components["schemas"]["Problem"];
export type ProblemCode = Problem["code"];

/** The server (or something in front of it) answered with an error. */
export class OnceProblemError extends Error {
  override name = "OnceProblemError";
  readonly kind = "problem";
  readonly code: ProblemCode | "UNEXPECTED_RESPONSE";
  readonly status: number;
  readonly retryable: boolean;
  constructor(
    readonly problem: Problem | null,
    status: number,
    /** The operation key of the call, when it had one: look it up or resend it. */
    readonly key: string | undefined,
    readonly attempts: number,
  ) {
    super(problem ? `${problem.code}: ${problem.detail}` : `unexpected answer ${status}`);
    this.code = problem?.code ?? "UNEXPECTED_RESPONSE";
    this.status = status;
    this.retryable = problem?.retryable ?? isRetryableStatus(status);
  }
}

/** No answer came back (connection refused or dropped, timeout) on any attempt. */
export class OnceNetworkError extends Error {
  override name = "OnceNetworkError";
  readonly kind = "network";
  readonly code = "NETWORK";
  readonly retryable = true;
  constructor(
    override readonly cause: unknown,
    /** The operation key: the outcome is unknown, so look it up or resend it later. */
    readonly key: string | undefined,
    readonly attempts: number,
  ) {
    super(`no answer after ${attempts} attempt(s)`, { cause });
  }
}

export type OnceError = OnceProblemError | OnceNetworkError;

/** 408/409/425/429 and 5xx may pass with time; every other status is final. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

/** A problem document, or null when the body is something else. */
export function asProblem(body: unknown): Problem | null {
  if (typeof body !== "object" || body === null) return null;
  const { code, status, retryable } = body as Partial<Problem>;
  return typeof code === "string" && typeof status === "number" && typeof retryable === "boolean" ? (body as Problem) : null;
}
