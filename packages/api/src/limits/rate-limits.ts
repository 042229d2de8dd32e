// Every budget that protects a write path, kept in PostgreSQL (rate-limiter-flexible's store,
// table `rate_limit`) so a limit holds however many nodes answer: a client spreading its
// requests over the nodes gains nothing. If the store fails, an in-memory limiter of the same
// size stands in on that node (the "insurance" of rate-limiter-flexible), so a database hiccup
// neither opens the gates nor turns limits into 500s.
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export interface RateLimitConfig {
  /** Creates (REST and tRPC) per customer session and minute. */
  writesPerSessionPerMinute: number;
  /** Creates per client address and minute, whatever sessions it uses. */
  writesPerAddressPerMinute: number;
  /**
   * Requests per session and minute whose key already has a stored outcome (replays, conflicts,
   * expired keys): answered from one indexed read, they run nothing, so they get a budget of
   * their own, by default ten times the write budget.
   */
  replaysPerSessionPerMinute?: number;
  /** The same per client address (default: ten times writesPerAddressPerMinute). */
  replaysPerAddressPerMinute?: number;
  /** New customer sessions (POST /api/v1/sessions) per client address and minute. */
  sessionsPerAddressPerMinute: number;
  /** Staff sign-in attempts (right or wrong) per client address and minute. */
  signInsPerAddressPerMinute: number;
  /** Wrong passwords in a row an account gets before each further attempt must wait. */
  signInFreeFailures?: number;
  /** The longest wait between attempts on one account (the doubling stops here). */
  signInMaxBackoffSeconds?: number;
  /** Customer look-ups of an order or inquiry by number and phone, per client address and minute (default 20). */
  trackLookUpsPerAddressPerMinute?: number;
  /** The same per order or inquiry number and hour, whatever addresses ask (default 10): a phone cannot be guessed. */
  trackLookUpsPerNumberPerHour?: number;
}

/** A budget counted per subject (a principal, an address, a number) over a minute (track-number: an hour). */
export type Budget =
  "write-session" | "write-address" | "replay-session" | "replay-address" | "session-address" | "sign-in-address" | "track-address" | "track-number";

/** How much more generous the replay budgets are than the write budgets, unless configured. */
export const REPLAY_BUDGET_FACTOR = 10;

export interface RateLimits {
  /** Takes one unit of `budget` for `subject`: null when allowed, else the seconds to wait. */
  take(budget: Budget, subject: string): Promise<number | null>;
  /** Seconds an account must still wait before its next sign-in attempt, or null. */
  signInBackoff(account: string): Promise<number | null>;
  /** A wrong password: from the free failures on, the account waits 1 s, 2 s, 4 s … (capped). */
  recordSignInFailure(account: string): Promise<void>;
  /** A successful sign-in clears the account's failures. */
  recordSignInSuccess(account: string): Promise<void>;
}

const DAY_SECONDS = 24 * 60 * 60;

export function createRateLimits(pool: pg.Pool | null, config: RateLimitConfig): RateLimits {
  const store = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    const insuranceLimiter = new RateLimiterMemory({ keyPrefix, points, duration });
    if (!pool) return insuranceLimiter;
    return new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: "rate_limit",
      tableCreated: true,
      keyPrefix,
      points,
      duration,
      insuranceLimiter,
    });
  };
  const budgets: Record<Budget, RateLimiterAbstract> = {
    "write-session": store("write-session", config.writesPerSessionPerMinute, 60),
    "write-address": store("write-address", config.writesPerAddressPerMinute, 60),
    "replay-session": store("replay-session", config.replaysPerSessionPerMinute ?? config.writesPerSessionPerMinute * REPLAY_BUDGET_FACTOR, 60),
    "replay-address": store("replay-address", config.replaysPerAddressPerMinute ?? config.writesPerAddressPerMinute * REPLAY_BUDGET_FACTOR, 60),
    "session-address": store("session-address", config.sessionsPerAddressPerMinute, 60),
    "sign-in-address": store("sign-in-address", config.signInsPerAddressPerMinute, 60),
    "track-address": store("track-address", config.trackLookUpsPerAddressPerMinute ?? 20, 60),
    "track-number": store("track-number", config.trackLookUpsPerNumberPerHour ?? 10, 60 * 60),
  };
  const freeFailures = config.signInFreeFailures ?? 5;
  const maxBackoff = config.signInMaxBackoffSeconds ?? 15 * 60;
  // Failures in a row per account (forgotten a day after the last one), and the wait they impose.
  const failures = store("sign-in-failures", Number.MAX_SAFE_INTEGER, DAY_SECONDS);
  const backoff = store("sign-in-backoff", 1, maxBackoff);

  return {
    async take(budget, subject) {
      try {
        await budgets[budget].consume(subject);
        return null;
      } catch (rejection) {
        return secondsToWait(rejection);
      }
    },
    async signInBackoff(account) {
      const state = await backoff.get(account);
      return state && state.consumedPoints > 1 ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : null;
    },
    async recordSignInFailure(account) {
      const { consumedPoints } = await failures.consume(account);
      if (consumedPoints < freeFailures) return;
      const wait = Math.min(maxBackoff, 2 ** (consumedPoints - freeFailures));
      await backoff.block(account, wait);
    },
    async recordSignInSuccess(account) {
      await Promise.all([failures.delete(account), backoff.delete(account)]);
    },
  };
}

function secondsToWait(rejection: unknown): number {
  // rate-limiter-flexible rejects with a RateLimiterRes when over budget; anything else is a
  // store failure the insurance limiter could not absorb: make the caller wait a little.
  if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  return 1;
}
