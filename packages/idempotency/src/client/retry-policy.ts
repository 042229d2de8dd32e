// When to try an operation again: only while its outcome is unknown (./classification.ts), with
// exponential backoff and jitter between 1 s and 30 s, never sooner than the server's
// Retry-After. Offline, no timer is needed: the runner holds the next attempt until the
// browser is back online (TanStack Query: networkMode "online"), which then goes at once.
import { OutcomeUnknown } from "./outcome-errors.ts";

export const MIN_RETRY_DELAY_MS = 1_000;
export const MAX_RETRY_DELAY_MS = 30_000;

export function shouldRetry(error: unknown): boolean {
  return error instanceof OutcomeUnknown;
}

export interface RetryDelayOptions {
  /** False when the runner holds the next attempt until the browser is online again. */
  online?: boolean;
  /** [0, 1): Math.random unless a test fixes it. */
  random?: () => number;
}

/**
 * The wait before the next attempt, after `failures` failed ones (0 for the first retry):
 * 1 s, 2 s, 4 s … 30 s, each ±25 % so that many browsers coming back at once do not retry in
 * step, and at least the Retry-After the last answer asked for.
 */
export function retryDelay(failures: number, error: unknown, { online = true, random = Math.random }: RetryDelayOptions = {}): number {
  const retryAfterMs = error instanceof OutcomeUnknown && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 0;
  if (!online) return retryAfterMs;
  const jittered = MIN_RETRY_DELAY_MS * 2 ** failures * (0.75 + random() * 0.5);
  const backoff = Math.min(MAX_RETRY_DELAY_MS, Math.max(MIN_RETRY_DELAY_MS, jittered));
  return Math.max(backoff, retryAfterMs);
}
