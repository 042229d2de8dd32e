// Which answers mean "unknown outcome, retry the same key", which are final refusals and
// which are conflicts. One table, read top to bottom; the first row that matches decides.
// The transport describes each failed attempt in the contract's terms (status, code,
// retryable, Retry-After) and never decides itself.
import type { BoundOperation } from "../shared/errors.ts";
import { FinalRefusal, OutcomeUnknown } from "./outcome-errors.ts";

/** A failed attempt, as the transport read it. */
export interface AttemptFailure {
  /** The answer's HTTP status; absent when no answer arrived or it could not be read. */
  status?: number;
  /** The contract's code (problem+json `code`, tRPC error data `protocol.code`); absent when the answer is not the API's own. */
  code?: string;
  /** The answer's own word on whether the same request may succeed later. */
  retryable?: boolean;
  /** Retry-After, in seconds, from the answer's header or body. */
  retryAfterSeconds?: number;
  /** For IDEMPOTENCY_KEY_REUSED: what the key is already bound to. */
  boundTo?: BoundOperation;
}

export type Verdict = "unknown" | "refused" | "conflict";

export interface ClassificationRow {
  matches: (failure: AttemptFailure) => boolean;
  verdict: Verdict;
}

// The rows' wording lives in comments, not strings: this table ships to every browser.
export const CLASSIFICATION: readonly ClassificationRow[] = [
  // 0. No answer: network error, timeout, abort, offline, or a body that is not the API's.
  //    The request may have reached the server and committed.
  { matches: (f) => f.status === undefined, verdict: "unknown" },
  // 1. 5xx, with or without a code: a crash rolls back, but a proxy's 502/504 can hide a commit.
  { matches: (f) => f.status! >= 500, verdict: "unknown" },
  // 2. An answer marked retryable (409 IDEMPOTENCY_IN_PROGRESS, 429 RATE_LIMITED): the server
  //    says the same request may succeed later, after Retry-After.
  { matches: (f) => f.retryable === true, verdict: "unknown" },
  // 3. 422 IDEMPOTENCY_KEY_REUSED: the key is bound to other parameters; resending cannot change that.
  { matches: (f) => f.code === "IDEMPOTENCY_KEY_REUSED", verdict: "conflict" },
  // 4. Any other answer with the contract's code (400, 401, 403, 404, 410 IDEMPOTENCY_KEY_EXPIRED,
  //    413, 415, a business rejection): the server decided; a stored rejection replays identically.
  { matches: (f) => f.code !== undefined, verdict: "refused" },
  // 5. 408 or 409 without a code (a proxy's timeout or conflict): the request may still be
  //    running behind the proxy.
  { matches: (f) => f.status === 408 || f.status === 409, verdict: "unknown" },
  // 6. Any other status without a code: something in between refused the request; the same
  //    bytes get the same answer.
  { matches: () => true, verdict: "refused" },
];

export function classify(failure: AttemptFailure): Verdict {
  return CLASSIFICATION.find((row) => row.matches(failure))!.verdict;
}

/** The error an attempt ends with: OutcomeUnknown (retry the same key) or a FinalRefusal. */
export function outcomeError(failure: AttemptFailure, cause: unknown): OutcomeUnknown | FinalRefusal {
  if (classify(failure) === "unknown") return new OutcomeUnknown(failure.retryAfterSeconds, { cause });
  return new FinalRefusal(failure.code ?? "REFUSED", failure.status ?? 0, failure.boundTo);
}
