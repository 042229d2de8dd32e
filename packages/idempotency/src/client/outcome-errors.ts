// What an attempt ends with when it does not confirm the operation: either the outcome is
// final (a refusal that retrying cannot change, or a conflict), or it is unknown and the same
// key must be tried again. ./classification.ts decides which; the retry policy reads these.
import type { BoundOperation } from "../shared/errors.ts";

/**
 * Codes the browser gives itself, without a request: the session changed since the operation
 * was sent (./session-tag.ts); the customer replaced it by editing (./superseded-keys.ts) and the
 * server never saw it; its type is not in the registry (stored by an older version of the app).
 */
export const SESSION_CHANGED = "SESSION_CHANGED";
export const SUPERSEDED = "SUPERSEDED";
export const UNKNOWN_OPERATION_TYPE = "UNKNOWN_OPERATION_TYPE";

/** A refusal that retrying cannot change (422 conflict, a stored business rejection, 410, …). */
export class FinalRefusal extends Error {
  // A field, not a prototype getter: it is persisted with the refusal and read back after a reload.
  override name = "FinalRefusal";
  constructor(
    readonly code: string,
    /** The answer's HTTP status; 0 when the browser decided without asking. */
    readonly status: number,
    /** For a conflict (IDEMPOTENCY_KEY_REUSED): what the key is already bound to. */
    readonly boundTo?: BoundOperation,
  ) {
    super(code);
  }
}

/** The server may or may not have acted: keep the key and ask again (never shown as a failure). */
export class OutcomeUnknown extends Error {
  override name = "OutcomeUnknown";
  constructor(
    /** How long the server asked us to wait (Retry-After), if it did. */
    readonly retryAfterSeconds: number | undefined,
    options?: { cause?: unknown },
  ) {
    super("outcome unknown", options);
  }
}
