// When to send the same request again, and after how long: exponential backoff with jitter,
// never sooner than the server's Retry-After. A final answer (4xx other than 408/409/425/429,
// or any problem marked retryable: false) is never retried: sending it again cannot change it.

export interface RetryOptions {
  /** Attempts in all, the first included (default 6). */
  maxAttempts?: number;
  /** The first backoff (default 500 ms); it doubles per attempt. */
  baseDelayMs?: number;
  /** The longest backoff (default 20 s); Retry-After may ask for more. */
  maxDelayMs?: number;
  /** A Retry-After longer than this ends the retries with the error (default 120 s). */
  maxRetryAfterSeconds?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterSeconds: 120 };

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The wait before attempt `attempt + 1`: half to all of the doubled backoff, at least Retry-After. */
export function delayBeforeRetry(
  attempt: number,
  retryAfterSeconds: number | null,
  options: Required<RetryOptions>,
  random: () => number = Math.random,
): number {
  const backoff = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  const jittered = backoff / 2 + random() * (backoff / 2);
  return Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
}
