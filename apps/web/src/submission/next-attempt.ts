// When a pending submission will be tried next, for the "next check in N s" line. TanStack
// Query does not expose the delay it is waiting out, and the protocol's delay has jitter, so
// the delay is recorded where it is chosen (the mutation defaults' retryDelay), keyed by the
// failure it follows: the same object the mutation's state holds as `failureReason`.
const nextAttempts = new WeakMap<object, number>();

export function recordNextAttempt(failure: unknown, delayMs: number): number {
  if (typeof failure === "object" && failure !== null) nextAttempts.set(failure, Date.now() + delayMs);
  return delayMs;
}

/** Epoch ms of the attempt scheduled after this failure, if one is scheduled. */
export function nextAttemptAfter(failure: unknown): number | undefined {
  return typeof failure === "object" && failure !== null ? nextAttempts.get(failure) : undefined;
}
