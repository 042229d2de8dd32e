// Keyset pagination on (created_at DESC, id DESC), shared by every dashboard list and the CSV
// export: a deep page costs the same as the first.
import { z } from "zod";

export const keysetCursor = z.object({ createdAt: z.coerce.date(), id: z.uuid() });
export type KeysetCursor = z.infer<typeof keysetCursor>;

export const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/**
 * Rows strictly after the cursor: (created_at, id) < (c, i), spelled as
 * created_at <= c AND (created_at < c OR (created_at = c AND id < i)) so the planner starts an
 * index range scan at the cursor.
 */
export function afterCursor(cursor: KeysetCursor) {
  return [{ createdAt: { lte: cursor.createdAt } }, { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] }];
}

/** One page of `limit` rows (fetched as limit + 1) and the cursor of the next page, if any. */
export function toPage<T extends { createdAt: Date; id: string }>(rows: T[], limit: number): { page: T[]; nextCursor: KeysetCursor | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}
