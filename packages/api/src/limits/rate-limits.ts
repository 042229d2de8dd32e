// Every budget that protects a write path, kept in PostgreSQL (rate-limiter-flexible's store,
// table `rate_limit`) so a limit holds however many nodes answer: a client spreading its
// requests over the nodes gains nothing. If the store fails, an in-memory limiter of the same
// size stands in on that node (the "insurance" of rate-limiter-flexible), so a database hiccup
// neither opens the gates nor turns limits into 500s.
import type pg from "pg";
import type { Prisma } from "@once/db";
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
  /** Copies of one guide ordered without a phone per client address and day (default 10, like the per-customer limit). */
  orderCopiesPerAddressPerDay?: number;
  /** Dashboard mutations per staff member and minute (one bulk update counts once per lead it names). */
  staffWritesPerMinute?: number;
  /** Customer look-ups of an order or inquiry by number and phone, per client address and minute (default 20). */
  trackLookUpsPerAddressPerMinute?: number;
  /** The same per order or inquiry number and hour, whatever addresses ask (default 10): a phone cannot be guessed. */
  trackLookUpsPerNumberPerHour?: number;
}

/** A budget counted per subject (a principal, an address, a number) over a minute (track-number: an hour). */
export type Budget =
  | "write-session"
  | "write-address"
  | "replay-session"
  | "replay-address"
  | "session-address"
  | "sign-in-address"
  | "track-address"
  | "track-number"
  | "staff-write"
  | "order-address";

/** How much more generous the replay budgets are than the write budgets, unless configured. */
export const REPLAY_BUDGET_FACTOR = 10;

export interface RateLimits {
  /** Takes `units` (default 1) of `budget` for `subject`: null when allowed, else the seconds to wait. */
  take(budget: Budget, subject: string, units?: number): Promise<number | null>;
  /**
   * `take`, on the caller's transaction: the same row of `rate_limit`, written on the
   * transaction's own connection and committed with it. For a budget checked while the
   * transaction holds a lock other requests wait for (an order holds its guide's row): taken on
   * the limits' pool, it needs a second connection, and behind a pooler in transaction mode
   * every server connection can be held by transactions waiting for that lock, so the holder
   * waits for a connection that only its own commit would free (until lock_timeout: 409s).
   */
  takeInTransaction(tx: Prisma.TransactionClient, budget: Budget, subject: string, units?: number): Promise<number | null>;
  /**
   * `take` of one unit of several budgets at once, in one statement (one round trip, one
   * connection): each entry's answer, in order. A create spends its session's and its address's
   * budget together (write-budget.ts).
   */
  takeAll(takes: readonly Take[]): Promise<(number | null)[]>;
  /**
   * One statement on `db` (the app's Prisma client): runs `lookUp` (a select of at most one row,
   * its parameters `values`) and takes one unit of each of `ifFound`'s budgets when it found a row
   * whose `outcome` is not "in_progress", of `otherwise`'s budgets when not. Returns the row
   * (undefined: none) and each spent entry's answer as `take` gives it. A REST create looks its key
   * up and spends the budget the record calls for in one round trip (rest/look-up-and-spend.ts).
   */
  takeAfterLookUp(
    db: LookUpClient,
    lookUp: { sql: string; values: unknown[] },
    ifFound: readonly Take[],
    otherwise: readonly Take[],
  ): Promise<{ row: Record<string, unknown> | undefined; waits: (number | null)[] }>;
  /** Seconds an account must still wait before its next sign-in attempt, or null. */
  signInBackoff(account: string): Promise<number | null>;
  /** A wrong password: from the free failures on, the account waits 1 s, 2 s, 4 s … (capped). */
  recordSignInFailure(account: string): Promise<void>;
  /** A successful sign-in (or an admin's password reset) clears the account's failures and wait. */
  recordSignInSuccess(account: string): Promise<void>;
  /**
   * Whether `device` (the random id of the staff device cookie) signed in to `account` before
   * and has not since failed the free failures in a row: such a device skips the account's
   * backoff, so failures from elsewhere cannot lock the holder out (sign-in-limit.ts).
   */
  isKnownSignInDevice(account: string, device: string): Promise<boolean>;
  /** Remembers a device that just signed in to `account` (for SIGN_IN_DEVICE_DAYS), clearing its failures. */
  rememberSignInDevice(account: string, device: string): Promise<void>;
  /** A wrong password from a known device: counted for that device only; at the free failures it is forgotten. */
  recordKnownDeviceFailure(account: string, device: string): Promise<void>;
}

/** How long a device that signed in stays known without signing in again. */
export const SIGN_IN_DEVICE_DAYS = 90;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The pool as the store sees it, with every statement unnamed. rate-limiter-flexible names its
 * statements (`rate_limit:rlflx-upsert`, …), and node-postgres prepares a named statement once
 * per connection and from then on only executes it. Behind a pooler in transaction mode the next
 * transaction may run on a server connection that never prepared it ("prepared statement … does
 * not exist"), and every budget would quietly fall back to this node's memory. Unnamed, each is
 * parsed with its execution, as Prisma's statements are (docs/OPERATIONS.md, "Behind PgBouncer").
 */
export function withUnnamedStatements(pool: pg.Pool): Pick<pg.Pool, "query"> {
  return { query: ((config: pg.QueryConfig) => pool.query({ text: config.text, values: config.values })) as pg.Pool["query"] };
}

/** One unit of a budget for a subject. */
export type Take = readonly [Budget, string];

/** The slice of a Prisma client `takeAfterLookUp` sends its statement through. */
export interface LookUpClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

export function createRateLimits(pool: pg.Pool | null, config: RateLimitConfig): RateLimits {
  const sizes = new Map<string, { points: number; duration: number }>();
  const insurance = new Map<string, RateLimiterMemory>();
  const store = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    sizes.set(keyPrefix, { points, duration });
    const insuranceLimiter = new RateLimiterMemory({ keyPrefix, points, duration });
    insurance.set(keyPrefix, insuranceLimiter);
    if (!pool) return insuranceLimiter;
    return new RateLimiterPostgres({
      storeClient: withUnnamedStatements(pool),
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
    "staff-write": store("staff-write", config.staffWritesPerMinute ?? 60, 60),
    "order-address": store("order-address", config.orderCopiesPerAddressPerDay ?? 100, DAY_SECONDS),
  };
  const freeFailures = config.signInFreeFailures ?? 5;
  const maxBackoff = config.signInMaxBackoffSeconds ?? 15 * 60;
  // Failures in a row per account (forgotten a day after the last one), and the wait they impose.
  const failures = store("sign-in-failures", Number.MAX_SAFE_INTEGER, DAY_SECONDS);
  const backoff = store("sign-in-backoff", 1, maxBackoff);
  // Devices that signed in (keyed by account and the device id), and their failures in a row.
  const deviceSeconds = SIGN_IN_DEVICE_DAYS * DAY_SECONDS;
  const devices = store("sign-in-device", Number.MAX_SAFE_INTEGER, deviceSeconds);
  const deviceFailures = store("sign-in-device-failures", Number.MAX_SAFE_INTEGER, DAY_SECONDS);
  const deviceKey = (account: string, device: string) => `${account} ${device}`;

  const take: RateLimits["take"] = async (budget, subject, units = 1) => {
    try {
      await budgets[budget].consume(subject, units);
      return null;
    } catch (rejection) {
      return secondsToWait(rejection);
    }
  };
  const keyed = (takes: readonly Take[]): KeyedTake[] => takes.map(([budget, subject]) => ({ key: `${budget}:${subject}`, ...sizes.get(budget)! }));
  return {
    take,
    async takeAll(takes) {
      if (!pool) return Promise.all(takes.map(([budget, subject]) => take(budget, subject)));
      try {
        return await consumeAll(pool, keyed(takes));
      } catch {
        // The store failed: this node's in-memory budgets stand in, as the library's insurance does for `take`.
        return Promise.all(
          takes.map(([budget, subject]) =>
            insurance
              .get(budget)!
              .consume(subject)
              .then(() => null, secondsToWait),
          ),
        );
      }
    },
    async takeAfterLookUp(db, lookUp, ifFound, otherwise) {
      if (!pool) {
        // No shared store: the look-up alone, then this node's in-memory budgets. "Found" means
        // what lookUpAndConsume's SQL means (a row whose outcome is not in_progress), which is
        // what the store's record mapping (recordLookUp().record) calls a record.
        const [row] = await db.$queryRawUnsafe<Record<string, unknown>[]>(lookUp.sql, ...lookUp.values);
        const spent = row && row.outcome !== "in_progress" ? ifFound : otherwise;
        return { row, waits: await Promise.all(spent.map(([budget, subject]) => take(budget, subject))) };
      }
      const found = keyed(ifFound);
      const fresh = keyed(otherwise);
      const { row, spentFound, rows, now } = await lookUpAndConsume(db, lookUp, found, fresh);
      return { row, waits: waitsOf(spentFound ? found : fresh, rows, now) };
    },
    async takeInTransaction(tx, budget, subject, units = 1) {
      if (!pool) return take(budget, subject, units); // no shared store: the in-memory budget
      const { points, duration } = sizes.get(budget)!;
      return consumeInTransaction(tx, `${budget}:${subject}`, units, points, duration);
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
    async isKnownSignInDevice(account, device) {
      const key = deviceKey(account, device);
      const [known, failed] = await Promise.all([devices.get(key), deviceFailures.get(key)]);
      return known !== null && (failed?.consumedPoints ?? 0) < freeFailures;
    },
    async rememberSignInDevice(account, device) {
      const key = deviceKey(account, device);
      await Promise.all([devices.set(key, 1, deviceSeconds), deviceFailures.delete(key)]);
    },
    async recordKnownDeviceFailure(account, device) {
      const key = deviceKey(account, device);
      const { consumedPoints } = await deviceFailures.consume(key);
      if (consumedPoints >= freeFailures) await devices.delete(key);
    },
  };
}

/**
 * rate-limiter-flexible's consume (RateLimiterPostgres's upsert: a window that starts with the
 * first unit and is reset once expired; the key is `<prefix>:<subject>`) as one statement on `tx`.
 */
async function consumeInTransaction(tx: Prisma.TransactionClient, key: string, units: number, points: number, duration: number): Promise<number | null> {
  const now = Date.now();
  const expire = String(now + duration * 1000);
  const [row] = await tx.$queryRaw<{ points: number; expire: string }[]>`
    insert into rate_limit (key, points, expire) values (${key}, ${units}::int, ${expire}::bigint)
    on conflict (key) do update set
      points = case when rate_limit.expire <= ${String(now)}::bigint then ${units}::int else rate_limit.points + ${units}::int end,
      expire = case when rate_limit.expire <= ${String(now)}::bigint then ${expire}::bigint else rate_limit.expire end
    returning points, expire::text as expire`;
  if (row!.points <= points) return null;
  return Math.max(1, Math.ceil((Number(row!.expire) - now) / 1000));
}

/**
 * The same upsert as consumeInTransaction for one unit of several keys, one statement on the
 * limits' pool (unnamed, like every statement through a pooler). The keys are written in sorted
 * order, so two requests spending the same two budgets never wait for each other crosswise.
 */
async function consumeAll(pool: pg.Pool, takes: KeyedTake[]): Promise<(number | null)[]> {
  const now = Date.now();
  const [keys, expires] = sortedUnits(takes, now);
  const { rows } = await pool.query<SpentRow>({
    text: `insert into rate_limit (key, points, expire)
      select key, 1, expire from unnest($1::varchar[], $2::bigint[]) with ordinality as t(key, expire, n) order by n
      ${ON_CONFLICT_SPEND("$3")}
      returning key, points, expire::text as expire`,
    values: [keys, expires, String(now)],
  });
  return waitsOf(takes, rows, now);
}

/**
 * consumeAll after a look-up, in one statement through `db`: the look-up's row decides which of
 * the two sets of units is spent (`found` when it read a record with an outcome, else `fresh`).
 */
async function lookUpAndConsume(db: LookUpClient, lookUp: { sql: string; values: unknown[] }, found: KeyedTake[], fresh: KeyedTake[]) {
  const now = Date.now();
  const n = lookUp.values.length;
  const p = (i: number) => `$${n + i}`;
  const [foundKeys, foundExpires] = sortedUnits(found, now);
  const [freshKeys, freshExpires] = sortedUnits(fresh, now);
  const [result] = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    `with found as (${lookUp.sql}),
      decided as (select exists (select from found where outcome <> 'in_progress') as "spentFound"),
      spent as (
        insert into rate_limit (key, points, expire)
        select t.key, 1, t.expire from decided, unnest(
          case when decided."spentFound" then ${p(1)}::varchar[] else ${p(3)}::varchar[] end,
          case when decided."spentFound" then ${p(2)}::bigint[] else ${p(4)}::bigint[] end
        ) with ordinality as t(key, expire, n) order by t.n
        ${ON_CONFLICT_SPEND(`${p(5)}::bigint`)}
        returning rate_limit.key, rate_limit.points, rate_limit.expire::text as expire)
    select (select coalesce(json_agg(spent), '[]'::json) from spent) as "spentRows", decided."spentFound", found.*
    from decided left join found on true`,
    ...lookUp.values,
    foundKeys,
    foundExpires,
    freshKeys,
    freshExpires,
    String(now),
  );
  const { spentRows, spentFound, ...columns } = result!;
  const row = Object.values(columns).every((value) => value === null) ? undefined : columns;
  return { row, spentFound: spentFound === true, rows: spentRows as SpentRow[], now };
}

type KeyedTake = { key: string; points: number; duration: number };
type SpentRow = { key: string; points: number; expire: string };

/** rate-limiter-flexible's window, as consumeInTransaction writes it: reset once expired. */
const ON_CONFLICT_SPEND = (now: string) => `on conflict (key) do update set
        points = case when rate_limit.expire <= ${now} then 1 else rate_limit.points + 1 end,
        expire = case when rate_limit.expire <= ${now} then excluded.expire else rate_limit.expire end`;

/**
 * The keys (each once) in sorted order and their new windows' ends: two requests spending the
 * same budgets lock their rows in one order, so they never wait for each other crosswise.
 */
function sortedUnits(takes: KeyedTake[], now: number): [string[], string[]] {
  const keys = [...new Set(takes.map((t) => t.key))].sort();
  const expireOf = new Map(takes.map((t) => [t.key, String(now + t.duration * 1000)]));
  return [keys, keys.map((key) => expireOf.get(key)!)];
}

/** Each take's answer from the rows its statement returned: null within the budget, else the seconds to wait. */
function waitsOf(takes: KeyedTake[], rows: SpentRow[], now: number): (number | null)[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return takes.map(({ key, points }) => {
    const row = byKey.get(key)!;
    return row.points <= points ? null : Math.max(1, Math.ceil((Number(row.expire) - now) / 1000));
  });
}

function secondsToWait(rejection: unknown): number {
  // rate-limiter-flexible rejects with a RateLimiterRes when over budget; anything else is a
  // store failure the insurance limiter could not absorb: make the caller wait a little.
  if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  return 1;
}
