// One operation as the browser keeps it until it knows the outcome: the key minted for it,
// the parameters exactly as first sent (a retry resends them unchanged), when it was sent and
// under which session. This record is what the store persists (./operation-store.ts).

export interface PendingOperation<Type extends string = string> {
  /** The operation's type: an entry of the application's registry (`defineOperations`). */
  type: Type;
  key: string;
  /** The business parameters, exactly as first sent. */
  params: Record<string, unknown>;
  /** What the operation belongs to on screen, e.g. "order:sample-guide": opaque to this package. */
  scope: string;
  submittedAt: number;
  /** The tag of the session it was sent under (./session-tag.ts); absent if the browser had none. */
  sessionTag?: string;
  /** Set once the outcome is final and stored: `params` then holds no personal fields (./redact.ts). */
  redacted?: true;
}

/**
 * How long a pending operation is continued after a reload. Past it the customer is asked to
 * look (it is never resent: after a week, a second order would surprise more than a missing one).
 */
export const MAX_PENDING_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function isStale(operation: Pick<PendingOperation, "submittedAt">, now = Date.now()): boolean {
  return now - operation.submittedAt > MAX_PENDING_AGE_MS;
}
