// Saved views of the lead list (issue 26, item 7) on real PostgreSQL: each procedure, each bad
// input refused with its own code and nothing changed, the cap per person, the team seeing a
// view only while it is shared, an admin deleting a shared view of someone else but nobody
// deleting an unshared one, and two tabs moving the same localStorage views at once.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { testPrisma } from "../testing/fixtures.ts";
import { SAVED_VIEW_LIMITS } from "./saved-views.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

/** A fresh staff member of this test's own, and their caller's saved views. */
async function member(role: "admin" | "sales", name: string) {
  const id = randomUUID();
  await prisma.user.create({ data: { id, name, email: `${id}@example.com`, role } });
  const views = createCaller(createContextInner({ prisma, customerId: null, staff: { id, role, name, email: `${id}@example.com` } })).dashboard.leads.views;
  return { id, views };
}

/** The application's code (and its params) where there is one, else tRPC's. */
const refusal = (promise: Promise<unknown>): Promise<{ code: string; params?: Record<string, string | number> }> =>
  promise.then(
    () => ({ code: "done" }),
    (e: unknown) =>
      e instanceof ProtocolTRPCError ? { code: e.protocol.code, params: e.protocol.params } : { code: e instanceof TRPCError ? e.code : String(e) },
  );

/** The owner's rows, by name (two saved in one millisecond have no order by time). */
const rows = async (ownerId: string) =>
  (await prisma.savedView.findMany({ where: { ownerId }, select: { name: true, query: true, shared: true } })).sort((a, b) => (a.name < b.name ? -1 : 1));

describe("saved views", () => {
  it("saves a trimmed name and the list's own form of the query; refuses bad names and queries with their codes, saving nothing", async () => {
    const ann = await member("sales", "Ann");
    const saved = await ann.views.create({ name: "  新线索 by name  ", query: "?sort=name&status=new" });
    expect(saved).toMatchObject({ name: "新线索 by name", query: "?status=new&sort=name", shared: false });

    const bad: [{ name: string; query: string }, string, Record<string, unknown>?][] = [
      [{ name: "   ", query: "?status=new" }, "VIEW_NAME_EMPTY"],
      [{ name: "x".repeat(61), query: "?status=new" }, "VIEW_NAME_TOO_LONG", { max: 60 }],
      [{ name: "新线索 by name", query: "?status=won" }, "VIEW_NAME_TAKEN", { name: "新线索 by name" }],
      [{ name: "No mark", query: "status=new" }, "VIEW_QUERY_INVALID", { problem: "form" }],
      [{ name: "Unknown", query: "?status=new&colour=red" }, "VIEW_QUERY_INVALID", { problem: "unknown", name: "colour" }],
      [{ name: "Bad value", query: "?status=pending" }, "VIEW_QUERY_INVALID", { problem: "value", name: "status" }],
      [{ name: "Twice", query: "?status=new&status=won" }, "VIEW_QUERY_INVALID", { problem: "repeated", name: "status" }],
      [{ name: "Everything", query: "?sort=received" }, "VIEW_QUERY_INVALID", { problem: "empty" }],
      [{ name: "Long", query: `?q=${"a".repeat(SAVED_VIEW_LIMITS.query)}` }, "VIEW_QUERY_TOO_LONG", { max: 500 }],
    ];
    for (const [input, code, params] of bad) {
      const answer = await refusal(ann.views.create(input));
      expect(answer.code, input.name).toBe(code);
      if (params) expect(answer.params).toMatchObject(params);
    }
    // A 61-character name in characters outside the BMP counts characters, not UTF-16 units.
    expect((await ann.views.create({ name: "😀".repeat(60), query: "?dup=1" })).name).toBe("😀".repeat(60));
    expect((await refusal(ann.views.create({ name: "line\nbreak", query: "?dup=1" }))).code).toBe("BAD_REQUEST");
    expect((await rows(ann.id)).map((r) => r.name)).toEqual(["新线索 by name", "😀".repeat(60)]);
  });

  it("caps views per person with a clear refusal", async () => {
    const cap = await member("sales", "Cap");
    for (let i = 0; i < SAVED_VIEW_LIMITS.perPerson; i++) await cap.views.create({ name: `View ${i}`, query: `?q=${i}` });
    expect(await refusal(cap.views.create({ name: "One more", query: "?q=more" }))).toEqual({ code: "TOO_MANY_VIEWS", params: { max: 20 } });
    expect(await prisma.savedView.count({ where: { ownerId: cap.id } })).toBe(SAVED_VIEW_LIMITS.perPerson);
  });

  it("lists mine and the team's shared ones with the owner's name; only the owner renames and shares", async () => {
    const owner = await member("sales", "Owner Olga");
    const other = await member("sales", "Other Otto");
    const view = await owner.views.create({ name: "Hot", query: "?status=qualified" });
    const mineOnly = await owner.views.create({ name: "Private", query: "?dup=1" });
    expect((await other.views.list()).map((v) => v.id)).not.toContain(view.id);

    await owner.views.share({ id: view.id, shared: true });
    const seen = (await other.views.list()).find((v) => v.id === view.id);
    expect(seen).toMatchObject({ name: "Hot", query: "?status=qualified", shared: true, mine: false, canDelete: false, owner: { name: "Owner Olga" } });
    expect((await other.views.list()).map((v) => v.id)).not.toContain(mineOnly.id);
    expect((await owner.views.list()).map((v) => [v.name, v.mine, v.canDelete]).sort()).toEqual([
      ["Hot", true, true],
      ["Private", true, true],
    ]);

    // Someone else's shared view: seen, not changed; an unshared one is as if absent.
    expect((await refusal(other.views.rename({ id: view.id, name: "Mine now" }))).code).toBe("VIEW_NOT_YOURS");
    expect((await refusal(other.views.share({ id: view.id, shared: false }))).code).toBe("VIEW_NOT_YOURS");
    expect((await refusal(other.views.rename({ id: mineOnly.id, name: "Mine now" }))).code).toBe("NOT_FOUND");

    expect(await owner.views.rename({ id: view.id, name: " Hottest " })).toEqual({ id: view.id, name: "Hottest" });
    expect((await refusal(owner.views.rename({ id: view.id, name: "Private" }))).code).toBe("VIEW_NAME_TAKEN");
    expect((await refusal(owner.views.rename({ id: view.id, name: "" }))).code).toBe("VIEW_NAME_EMPTY");
    expect((await refusal(owner.views.rename({ id: randomUUID(), name: "Gone" }))).code).toBe("NOT_FOUND");

    await owner.views.share({ id: view.id, shared: false });
    expect((await other.views.list()).map((v) => v.id)).not.toContain(view.id);
    expect(await rows(owner.id)).toEqual([
      { name: "Hottest", query: "?status=qualified", shared: false },
      { name: "Private", query: "?dup=1", shared: false },
    ]);
  });

  it("deletes: the owner always, an admin a shared view of someone else, nobody else's unshared one", async () => {
    const owner = await member("sales", "Owner Pia");
    const colleague = await member("sales", "Colleague Quinn");
    const admin = await member("admin", "Admin Rae");
    const shared = await owner.views.create({ name: "Team", query: "?assignee=unassigned", shared: true });
    const unshared = await owner.views.create({ name: "Mine", query: "?overdue=1" });

    expect((await refusal(colleague.views.delete({ id: shared.id }))).code).toBe("VIEW_NOT_YOURS");
    expect((await refusal(colleague.views.delete({ id: unshared.id }))).code).toBe("NOT_FOUND");
    expect((await refusal(admin.views.delete({ id: unshared.id }))).code).toBe("NOT_FOUND");
    expect((await rows(owner.id)).map((r) => r.name)).toEqual(["Mine", "Team"]);

    expect((await admin.views.list()).find((v) => v.id === shared.id)).toMatchObject({ mine: false, canDelete: true });
    expect(await admin.views.delete({ id: shared.id })).toEqual({ deleted: true });
    expect(await owner.views.delete({ id: unshared.id })).toEqual({ deleted: true });
    expect(await rows(owner.id)).toEqual([]);
    expect((await refusal(owner.views.delete({ id: unshared.id }))).code).toBe("NOT_FOUND");
  });

  it("moves a browser's localStorage views once, even from two tabs at the same time, keeping what does not fit", async () => {
    const mover = await member("sales", "Mover");
    await mover.views.create({ name: "Already here", query: "?status=won" });
    const local = [
      { name: "Already here", query: "?status=lost" },
      { name: "New ones", query: "?status=new" },
      { name: "Unknown parameter", query: "?colour=red" },
      { name: "Unassigned dups", query: "?assignee=unassigned&dup=1" },
    ];
    const [a, b] = await Promise.all([mover.views.importLocal({ views: local }), mover.views.importLocal({ views: local })]);
    expect(a.moved + b.moved).toBe(2);
    expect([...a.kept, ...b.kept]).toEqual([]);
    expect(await rows(mover.id)).toEqual([
      { name: "Already here", query: "?status=won", shared: false },
      { name: "New ones", query: "?status=new", shared: false },
      { name: "Unassigned dups", query: "?assignee=unassigned&dup=1", shared: false },
    ]);

    // Over the cap: what fits is moved, the rest answered back for the browser to keep.
    for (let i = 0; i < SAVED_VIEW_LIMITS.perPerson - 4; i++) await mover.views.create({ name: `Filler ${i}`, query: `?q=${i}` });
    const full = await mover.views.importLocal({
      views: [
        { name: "Fits", query: "?dup=1" },
        { name: "Left", query: "?overdue=1" },
      ],
    });
    expect(full).toEqual({ moved: 1, kept: [{ name: "Left", query: "?overdue=1" }] });
    expect(await prisma.savedView.count({ where: { ownerId: mover.id } })).toBe(SAVED_VIEW_LIMITS.perPerson);
  });
});
