// What a search box query means for the lead list, and the SQL condition that answers it fast on
// a million leads (BENCHMARKS.md, `pnpm bench:dashboard`). Every lead has one lower-cased search
// text (name, phone, company, e-mail, message, "ld-000042"), lead_search_text(…) in migration
// 20261201230000_lead_search_activity, indexed twice:
//   * queries of 3+ characters: `text LIKE '%q%'`, answered by the trigram index;
//   * queries of 1–2 characters (one Chinese character, "李雷"), which have no trigram: the
//     index of the text's 1- and 2-character pieces, `lead_search_grams(text) @> ARRAY[q]`.
// Either way PostgreSQL's planner also has the newest-first index: for a term found in many
// leads it walks leads newest first and stops at the page's end, for a rare one it asks the
// search index (both conditions are always present; the pieces' function is costed so the
// cheap LIKE is checked first).
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
 * The SQL condition for a normalised, non-empty query. `pieces`: also the pieces' condition, so
 * a 1–2 character query can use that index (a walk of an ordered index needs only the LIKE).
 */
export function searchCondition(q: string, pieces = Array.from(q).length <= 2): Prisma.Sql {
  const like = Prisma.sql`${SEARCH_TEXT} LIKE ${`%${likeLiteral(q)}%`}`;
  return pieces ? Prisma.sql`(${like} AND lead_search_grams(${SEARCH_TEXT}) @> ARRAY[${q}]::text[])` : like;
}

/** Matches at which a short query counts as common (its leads are dense among the newest). */
const COMMON_AT = 2_000;

/**
 * Runs a list or count query for a filter with the plan its search needs. A 1–2 character query
 * is where PostgreSQL's estimates go wrong (the pieces' index has no useful statistics for one
 * character), so it is decided here by a bounded probe: how many leads match, up to 2,000.
 *   * rare (fewer): the pieces' index finds every match (bitmap scan), sorted in memory;
 *   * common: no bitmap scans, so the query walks the ordered index (newest first, by name or
 *     status) and stops as soon as the page, or the capped count, is full.
 * Longer queries and no query run as they are. Both plans are measured in `pnpm bench:dashboard`.
 */
export async function withSearchPlan<T>(prisma: PrismaClient, search: string | undefined, run: (db: Queryable, pieces: boolean) => Promise<T>): Promise<T> {
  const q = normaliseSearch(search);
  if (!q || Array.from(q).length > 2) return run(prisma, false);
  return prisma.$transaction(async (tx) => {
    // The probe itself only through the pieces' index (a bitmap scan that stops at the limit),
    // never a scan of the table: that is what a planner guessing "common" would pick.
    await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
    await tx.$executeRawUnsafe("SET LOCAL enable_indexscan = off");
    const [probe] = await tx.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM (SELECT 1 FROM lead l WHERE ${searchCondition(q)} LIMIT ${COMMON_AT}) AS m`;
    if ((probe?.n ?? 0) < COMMON_AT) return run(tx, true);
    await tx.$executeRawUnsafe("SET LOCAL enable_indexscan = on");
    await tx.$executeRawUnsafe("SET LOCAL enable_bitmapscan = off");
    return run(tx, false);
  });
}

export type Queryable = Pick<PrismaClient, "$queryRaw">;
