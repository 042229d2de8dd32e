// Merging possible duplicates on real PostgreSQL: the customer who sent twice under two keys
// ends up as one primary lead showing the other's notes and history; the merged lead leaves the
// lists and is never reminded; merging into itself, into a merged lead, a lead twice, or a lead
// others are merged into is refused with its code and changes nothing; undo restores exactly,
// once.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { sweepResponseClock } from "@once/notify";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
const staffId = randomUUID();
const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const marker = `merge${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.create({ data: { id: staffId, name: "Merge Staff", email: `${staffId}@example.com`, role: "sales" } });
});
afterAll(() => prisma.$disconnect());

const dashboard = () =>
  createCaller(createContextInner({ prisma, customerId: null, staff: { id: staffId, role: "sales", name: "Merge Staff", email: "m@example.com" } })).dashboard;
const code = (p: Promise<unknown>) =>
  p.then(
    () => "done",
    (e: unknown) => (e instanceof ProtocolTRPCError ? e.protocol.code : e instanceof TRPCError ? e.code : e),
  );

async function inquiry(content: string): Promise<string> {
  const result = await runOnce(recordStore(prisma), submitLeadOperation, {
    principal: newCustomer().principal,
    key: mintOperationKey(),
    input: { name: "Twice", phone, content: `${marker} ${content}`, email: null, company: null },
  });
  return result.resultId!;
}

describe("merging leads", () => {
  it("merges a duplicate into its primary, refuses what cannot be merged, and undoes exactly", async () => {
    const first = await inquiry("first question");
    const second = await inquiry("second question");
    const third = await inquiry("third question");
    await dashboard().leads.addNote({ id: second, body: "called about the second" });

    const { id: mergeId } = await dashboard().leads.merge({ primaryId: first, mergedId: second });
    const primary = await dashboard().leads.get({ id: first });
    expect(primary.merges).toMatchObject([{ id: mergeId, undoneAt: null, actor: { name: "Merge Staff" } }]);
    expect(primary.mergedNotes.map((n) => n.body)).toEqual(["called about the second"]);
    expect((await dashboard().leads.get({ id: second })).mergedInto).toMatchObject({ id: first });
    const listed = async () => (await dashboard().leads.list({ search: marker, limit: 100 })).items.map((l) => l.id).sort();
    expect(await listed()).toEqual([first, third].sort());

    // Refused, and nothing changes.
    expect(await code(dashboard().leads.merge({ primaryId: first, mergedId: first }))).toBe("MERGE_SELF");
    expect(await code(dashboard().leads.merge({ primaryId: second, mergedId: third }))).toBe("MERGE_INTO_MERGED");
    expect(await code(dashboard().leads.merge({ primaryId: third, mergedId: second }))).toBe("ALREADY_MERGED");
    expect(await code(dashboard().leads.merge({ primaryId: third, mergedId: first }))).toBe("MERGE_HAS_MERGED");
    expect(await code(dashboard().leads.merge({ primaryId: first, mergedId: randomUUID() }))).toBe("NOT_FOUND");
    expect(await prisma.leadMerge.count({ where: { primaryId: { in: [first, second, third] } } })).toBe(1);

    // A merged lead is never reminded on its own.
    await prisma.lead.update({ where: { id: second }, data: { responseDueAt: new Date(Date.now() - 60_000) } });
    await sweepResponseClock(prisma, []);
    expect((await prisma.lead.findUniqueOrThrow({ where: { id: second } })).remindedAt).toBeNull();

    expect(await dashboard().leads.undoMerge({ mergeId })).toEqual({ undone: true });
    expect(await dashboard().leads.undoMerge({ mergeId })).toEqual({ undone: false });
    expect((await dashboard().leads.get({ id: second })).mergedInto).toBeNull();
    expect(await listed()).toEqual([first, second, third].sort());
    expect((await dashboard().leads.get({ id: first })).merges[0]).toMatchObject({ undoneBy: { name: "Merge Staff" } });
  });
});
