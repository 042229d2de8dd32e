// What a search box query means for the lead list, and the SQL condition that answers it fast on
// a million leads (BENCHMARKS.md, `pnpm bench:dashboard`). Every lead has one lower-cased search
// text (name, phone, company, e-mail, message, "ld-000042"), lead_search_text(…) in migration
// 20261201230000_lead_search_activity, indexed twice:
//   * queries of 3+ characters: `text LIKE '%q%'`, answered by the trigram index;
//   * queries of 1–2 characters (one Chinese character, "李雷"), which have no trigram: for a
//     rare term the index of the text's 1- and 2-character pieces, `lead_search_grams(text) @>
//     ARRAY[q]`; for a common one a walk of the ordered index in the list's order, that stops
//     at the page's end. A bounded probe decides which (`withSearchPlan`).
import { Prisma, type PrismaClient } from "@once/db";

/** Longest query searched (code points); longer input is cut, never refused. */
export const SEARCH_MAX = 100;

/**
 * The text to look for, normalised like the indexed text: control characters and runs of white
 * space become one space, lower case, at most SEARCH_MAX code points; a phone number typed with
 * separators ("139 0013-9000") loses them; a lead number ("LD-42", "ld 000042") becomes the
 * indexed form "ld-000042". Empty: no search.
 */
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL_OR_SPACE = /[\u0000-\u001F\u007F-\u009F\s]+/g;

export function normaliseSearch(input: string | undefined): string {
  let q = Array.from((input ?? "").replace(CONTROL_OR_SPACE, " ").trim().toLowerCase())
    .filter((c) => !/[\uD800-\uDFFF]/.test(c)) // a lone surrogate cannot be sent to PostgreSQL
    .slice(0, SEARCH_MAX)
    .join("")
    .trim();
  const number = /^ld[-\s]?0*(\d{1,6})$/.exec(q);
  if (number) q = `ld-${number[1]!.padStart(6, "0")}`;
  else if (/^\+?[\d\s().-]+$/.test(q) && (q.match(/\d/g)?.length ?? 0) >= 3) q = q.replace(/[\s().-]/g, "");
  return q;
}

/** LIKE treats % and _ as wildcards and \ as its escape: each is matched literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, "\\$&");

const SEARCH_TEXT = Prisma.sql`lead_search_text(l.name, l.phone, l.company, l.email, l.content, l.number)`;

/**
 * How a 1–2 character query is answered (`probePlan` chooses); longer queries are always "text".
 *   * "text": `LIKE '%q%'` through the trigram index (3+ characters);
 *   * "pieces": the pieces' index finds every match (a bitmap scan), sorted in memory: right for
 *     a rare term, whose matches are few;
 *   * "walk": the ordered index is walked in the list's order (newest first, by name or
 *     status) and each row's text checked with strpos, stopping when the page or the capped
 *     count is full: right for a common term, whose matches are dense where the walk starts.
 * A short query is never a LIKE: pg_trgm has no trigram for it and would read its whole index.
 */
export type SearchPlan = "text" | "pieces" | "walk";

/** The SQL condition for a normalised, non-empty query under a plan. */
export function searchCondition(q: string, plan: SearchPlan): Prisma.Sql {
  if (plan === "text") return Prisma.sql`${SEARCH_TEXT} LIKE ${`%${likeLiteral(q)}%`}`;
  // The pieces are exactly the text's substrings of 1–2 characters without white space, which a
  // trimmed query of that length is: the condition is exact, no recheck of the text needed.
  if (plan === "pieces") return Prisma.sql`lead_search_grams(${SEARCH_TEXT}) @> ARRAY[${q}]::text[]`;
  return Prisma.sql`strpos(${SEARCH_TEXT}, ${q}) > 0`;
}

const isShort = (q: string) => Array.from(q).length <= 2;

/** Leads a probe reads (within the other filters, in the walk's order) to tell a common term from a rare one. */
const PROBE_WINDOW = 2_000;
/** Matches in the probe's window from which a term is common (0.5 %: a page in ~5,000 rows). */
const COMMON_FROM = 10;

/**
 * Counted exactly up to this many per status, above it the list says "1,000+": a count is
 * bounded work whatever the search. A common 1–2 character term (walked) is counted up to
 * WALKED_COUNT_CAP instead: a tenth of a million leads contain "王", and finding 1,000 of each
 * status among them costs ~80 ms of reading (BENCHMARKS.md).
 */
export const COUNT_CAP = 1_000;
export const WALKED_COUNT_CAP = 100;

/** The rows a walk reads first: the list's own order from where its page starts. */
export interface WalkStart {
  /** The list's ORDER BY (alias `l`); a count walks newest first. */
  order: Prisma.Sql;
  /** Where the page starts (the cursor's condition), TRUE for the first page. */
  after: Prisma.Sql;
  /**
   * Matches the query must find (a page: its size + 1). The walk is chosen only when the probe's
   * window already holds them, so it never reads past the window: matches clustered at the start
   * of the order and absent after it cannot send a walk through the rest of the index.
   */
  need?: number;
}

const NEWEST_FIRST: WalkStart = { order: Prisma.sql`l.created_at DESC, l.id DESC`, after: Prisma.sql`TRUE` };

/**
 * The plan for a short query within the other filters (`others`: their SQL condition): a
 * bounded probe counts the matches among the first PROBE_WINDOW rows the walk would read (the
 * list's own order, from the page's start), so a term common in the table but rare where the
 * walk starts (王 sorted by name: every Latin name comes first) is not walked; a list walks only
 * when the window holds its whole page (`need`). PostgreSQL's
 * planner cannot make this choice itself: it has no statistics for single characters, and
 * chose a 1 s bitmap scan for "王" and a parallel plan that spends 70 ms starting workers for "鑫".
 */
async function probePlan(db: Queryable, q: string, others: Prisma.Sql, start: WalkStart = NEWEST_FIRST): Promise<SearchPlan> {
  const [probe] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n
    FROM (SELECT l.name, l.phone, l.company, l.email, l.content, l.number FROM lead l WHERE ${others} AND ${start.after}
          ORDER BY ${start.order} LIMIT ${PROBE_WINDOW}) AS l
    WHERE ${searchCondition(q, "walk")}`;
  return (probe?.n ?? 0) >= Math.max(COMMON_FROM, start.need ?? 0) ? "walk" : "pieces";
}

/**
 * Runs a list or count query with the plan its search needs (`others`: the filter's conditions
 * other than the search). Short queries run in one transaction whose settings hold the planner
 * to the chosen plan: no parallel workers and no JIT compilation (their start costs more than
 * these queries), and no bitmap scans for a walk or no plain index scans for the pieces.
 * The costliest case: a common term sorted by name, when its matches sort late (王 after every
 * Latin name), is answered from the pieces' index, which reads every match to sort them (on a
 * million leads 85–124 ms p95, by how much of the table PostgreSQL's cache holds; BENCHMARKS.md).
 */
export async function withSearchPlan<T>(
  prisma: PrismaClient,
  search: string | undefined,
  others: Prisma.Sql,
  run: (db: Queryable, plan: SearchPlan) => Promise<T>,
  start: WalkStart = NEWEST_FIRST,
): Promise<T> {
  const q = normaliseSearch(search);
  if (!q || !isShort(q)) return run(prisma, "text");
  return prisma.$transaction(async (tx) => {
    await tx.$queryRawUnsafe("SELECT set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)");
    const plan = await probePlan(tx, q, others, start);
    const off = plan === "walk" ? "enable_bitmapscan" : "enable_indexscan";
    await tx.$queryRawUnsafe(`SELECT set_config('${off}', 'off', true)`);
    return run(tx, plan);
  });
}

export type Queryable = Pick<PrismaClient, "$queryRaw">;
