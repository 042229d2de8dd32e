// How long the protocol remembers a key: the one policy the retention sweep and the docs share
// (docs/API.md, "How long a key is remembered"; GUARANTEES.md §7).
//
//   created ──── retention (≥ 30 days) ────▶ expires_at ──── tombstone (≥ 30 days) ────▶ forgotten
//              replayed byte for byte                     answers 410, never executed
//
// A forgotten key is unknown again: a request with it would run as a new operation. So the
// tombstone must outlive every retry any client could still send. Clients are told to stop
// retrying within the retention period (the browser stops resending after 7 days, @once/client
// after minutes), and a key only counts together with the session that sent it; the app checks
// that retention + tombstone also covers its session lifetime (apps/web/src/env.ts).

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * A claim committed "in progress" and not taken over by a retry within this time is forgotten
 * by the sweep (IdempotencyStore.forgetAbandoned; docs/API.md, "A claim left in progress"). No
 * live claim is ever committed in progress (it commits with its outcome), so any time is safe;
 * 15 minutes leaves a client's own retries (seconds to minutes) the first go at the key.
 */
export const ABANDONED_CLAIM_MINUTES = 15;

/** The published minimum for keeping outcomes replayable (GUARANTEES.md §7). */
export const MIN_RETENTION_DAYS = 30;
/** Tombstones are kept at least as long again as the retention minimum: the margin. */
export const MIN_TOMBSTONE_DAYS = 30;
/** By default a tombstone stays a year: a key is remembered 30 + 365 days. */
export const DEFAULT_TOMBSTONE_DAYS = 365;

/** Keys that expired at or before this instant may be forgotten (IdempotencyStore.compact). */
export function tombstoneHorizon(now: Date, tombstoneDays: number): Date {
  if (!Number.isInteger(tombstoneDays) || tombstoneDays < MIN_TOMBSTONE_DAYS) {
    throw new RangeError(`tombstoneDays must be an integer of at least ${MIN_TOMBSTONE_DAYS}, got ${tombstoneDays}`);
  }
  return new Date(now.getTime() - tombstoneDays * DAY_MS);
}

/** Claims committed "in progress" at or before this instant are abandoned (IdempotencyStore.forgetAbandoned). */
export function abandonedClaimHorizon(now: Date): Date {
  return new Date(now.getTime() - ABANDONED_CLAIM_MINUTES * MINUTE_MS);
}
