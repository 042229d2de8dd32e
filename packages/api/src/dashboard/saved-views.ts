// Saved views of the lead list, on the server (issue 26, item 7): a staff member's own, each a
// name and the list's query string, and shared with the team when its owner says so. The query
// is checked with the list's own parameter readers (./lead-list-params.ts) and stored in the
// form the page writes its URL in, so the page can tell which view is open. Only the owner
// renames, shares or deletes a view; an admin may also delete a view someone else shares (a
// shared view nobody should see any more). Views a browser kept in localStorage before are
// moved here by `importLocal`, once per name even when two tabs move them at the same time.
import { z } from "zod";
import type { Prisma, PrismaClient } from "@once/db";
import { safeText } from "../text-safety.ts";
import { listQuery, listQueryProblem, parseListState } from "./lead-list-params.ts";
import { UnknownId } from "./unknown-id.ts";

export const SAVED_VIEW_LIMITS = { name: 60, query: 500, perPerson: 20 } as const;

export type SavedViewRefusalReason =
  "VIEW_NAME_EMPTY" | "VIEW_NAME_TOO_LONG" | "VIEW_NAME_TAKEN" | "VIEW_QUERY_INVALID" | "VIEW_QUERY_TOO_LONG" | "TOO_MANY_VIEWS" | "VIEW_NOT_YOURS";

/** A refusal the bar words in the reader's language from `reason` and `params`. */
export class SavedViewRefusal extends Error {
  constructor(
    readonly reason: SavedViewRefusalReason,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

// The schemas only bound what is read; the limits are checked below, each with its own code.
const nameText = z.string().max(1_000).check(safeText("name"));
const queryText = z.string().max(10_000).check(safeText("query"));
const viewId = z.object({ id: z.uuid() });

export const savedViewInput = z.object({ name: nameText, query: queryText, shared: z.boolean().default(false) });
export const renameInput = viewId.extend({ name: nameText });
export const shareInput = viewId.extend({ shared: z.boolean() });
export const deleteInput = viewId;
/** What a browser kept in localStorage (at most 20 there). */
export const importInput = z.object({ views: z.array(z.object({ name: nameText, query: queryText })).max(SAVED_VIEW_LIMITS.perPerson) });

export interface Actor {
  id: string;
  role: string;
}

/** The name as stored: trimmed, 1-60 characters. */
export function viewName(raw: string): string {
  const name = raw.trim();
  if (name === "") throw new SavedViewRefusal("VIEW_NAME_EMPTY", "the view needs a name");
  if ([...name].length > SAVED_VIEW_LIMITS.name) {
    throw new SavedViewRefusal("VIEW_NAME_TOO_LONG", `a view's name has at most ${SAVED_VIEW_LIMITS.name} characters`, { max: SAVED_VIEW_LIMITS.name });
  }
  return name;
}

/** The query as stored (the page's own form of it), or a refusal naming what the list would not read. */
export function viewQuery(raw: string): string {
  if (raw.length > SAVED_VIEW_LIMITS.query) {
    throw new SavedViewRefusal("VIEW_QUERY_TOO_LONG", `a view's query has at most ${SAVED_VIEW_LIMITS.query} characters`, { max: SAVED_VIEW_LIMITS.query });
  }
  if (!raw.startsWith("?")) throw new SavedViewRefusal("VIEW_QUERY_INVALID", "a view's query starts with “?”", { problem: "form", name: "" });
  const problem = listQueryProblem(raw);
  if (problem) {
    throw new SavedViewRefusal("VIEW_QUERY_INVALID", `the lead list does not read “${problem.name}” here (${problem.problem})`, problem);
  }
  const query = listQuery(parseListState(new URLSearchParams(raw)));
  // "?sort=received" and the like: the plain list, which is the built-in "All leads".
  if (query === "")
    throw new SavedViewRefusal("VIEW_QUERY_INVALID", "the view shows the whole list, which “All leads” already does", { problem: "empty", name: "" });
  return query;
}

const tooMany = () =>
  new SavedViewRefusal("TOO_MANY_VIEWS", `a person has at most ${SAVED_VIEW_LIMITS.perPerson} saved views; delete one first`, {
    max: SAVED_VIEW_LIMITS.perPerson,
  });
const nameTaken = (name: string) => new SavedViewRefusal("VIEW_NAME_TAKEN", `you already have a view named “${name}”`, { name });
const isNameTaken = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

/**
 * One person's views are counted and written one transaction at a time (their staff row
 * locked), so two tabs cannot pass the cap together.
 */
async function asOwner<T>(prisma: PrismaClient, ownerId: string, work: (tx: Prisma.TransactionClient, count: number) => Promise<T>): Promise<T> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM staff_user WHERE id = ${ownerId} FOR UPDATE`;
    return work(tx, await tx.savedView.count({ where: { ownerId } }));
  });
}

const VIEW_SELECT = {
  id: true,
  name: true,
  query: true,
  shared: true,
  createdAt: true,
  owner: { select: { id: true, name: true } },
} satisfies Prisma.SavedViewSelect;

/** Mine (oldest first, as saved) and then the team's shared ones (by owner, then name); each says what the caller may do with it. */
export async function listSavedViews(prisma: PrismaClient, actor: Actor) {
  const views = await prisma.savedView.findMany({
    where: { OR: [{ ownerId: actor.id }, { shared: true }] },
    select: VIEW_SELECT,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const mine = views.filter((v) => v.owner.id === actor.id);
  const shared = views.filter((v) => v.owner.id !== actor.id).sort((a, b) => a.owner.name.localeCompare(b.owner.name) || a.name.localeCompare(b.name));
  return [...mine, ...shared].map((v) => ({
    ...v,
    mine: v.owner.id === actor.id,
    /** The owner, or an admin for a view shared by someone else. */
    canDelete: v.owner.id === actor.id || (actor.role === "admin" && v.shared),
  }));
}

export async function createSavedView(prisma: PrismaClient, actor: Actor, input: z.infer<typeof savedViewInput>) {
  const name = viewName(input.name);
  const query = viewQuery(input.query);
  try {
    return await asOwner(prisma, actor.id, async (tx, count) => {
      if (count >= SAVED_VIEW_LIMITS.perPerson) throw tooMany();
      return tx.savedView.create({
        data: { ownerId: actor.id, name, query, shared: input.shared },
        select: { id: true, name: true, query: true, shared: true },
      });
    });
  } catch (error) {
    throw isNameTaken(error) ? nameTaken(name) : error;
  }
}

/** The view, when the actor owns it; someone else's shared view is refused, an unshared one is as if absent. */
async function ownView(prisma: PrismaClient, actor: Actor, id: string) {
  const view = await prisma.savedView.findUnique({ where: { id }, select: { ownerId: true, shared: true } });
  if (!view || (view.ownerId !== actor.id && !view.shared)) throw new UnknownId("saved view");
  if (view.ownerId !== actor.id) throw new SavedViewRefusal("VIEW_NOT_YOURS", "only the person who saved this view can change it");
  return view;
}

export async function renameSavedView(prisma: PrismaClient, actor: Actor, input: z.infer<typeof renameInput>) {
  const name = viewName(input.name);
  await ownView(prisma, actor, input.id);
  try {
    return await prisma.savedView.update({ where: { id: input.id, ownerId: actor.id }, data: { name }, select: { id: true, name: true } });
  } catch (error) {
    throw isNameTaken(error) ? nameTaken(name) : error;
  }
}

export async function shareSavedView(prisma: PrismaClient, actor: Actor, input: z.infer<typeof shareInput>) {
  await ownView(prisma, actor, input.id);
  return prisma.savedView.update({ where: { id: input.id, ownerId: actor.id }, data: { shared: input.shared }, select: { id: true, shared: true } });
}

/** The owner deletes their view; an admin may also delete one someone else shares. */
export async function deleteSavedView(prisma: PrismaClient, actor: Actor, input: z.infer<typeof deleteInput>) {
  const view = await prisma.savedView.findUnique({ where: { id: input.id }, select: { ownerId: true, shared: true } });
  if (!view || (view.ownerId !== actor.id && !view.shared)) throw new UnknownId("saved view");
  if (view.ownerId !== actor.id && actor.role !== "admin") {
    throw new SavedViewRefusal("VIEW_NOT_YOURS", "only the person who saved this view, or an admin, can delete it");
  }
  // Only as it was read: had it been unshared meanwhile, an admin's delete finds nothing.
  const { count } = await prisma.savedView.deleteMany({
    where: { id: input.id, ownerId: view.ownerId, ...(view.ownerId === actor.id ? {} : { shared: true }) },
  });
  if (count === 0) throw new UnknownId("saved view");
  return { deleted: true };
}

/**
 * Moves a browser's localStorage views to the server: a name the person already has counts as
 * moved (another tab, or another browser, got there first), one the list would not read is
 * dropped, and what does not fit under the cap is answered back for the browser to keep.
 */
export async function importLocalViews(prisma: PrismaClient, actor: Actor, input: z.infer<typeof importInput>) {
  const readable = input.views.flatMap((v) => {
    try {
      return [{ name: viewName(v.name), query: viewQuery(v.query) }];
    } catch (error) {
      if (error instanceof SavedViewRefusal) return [];
      throw error;
    }
  });
  return asOwner(prisma, actor.id, async (tx, count) => {
    const have = new Set((await tx.savedView.findMany({ where: { ownerId: actor.id }, select: { name: true } })).map((v) => v.name));
    const fresh = readable.filter((v, i) => !have.has(v.name) && readable.findIndex((w) => w.name === v.name) === i);
    const room = Math.max(0, SAVED_VIEW_LIMITS.perPerson - count);
    const moved = fresh.slice(0, room);
    await tx.savedView.createMany({ data: moved.map((v) => ({ ownerId: actor.id, ...v })), skipDuplicates: true });
    return { moved: moved.length, kept: fresh.slice(room) };
  });
}
