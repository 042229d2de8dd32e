// The pipelined connections behind every Prisma client, on a real server: what is sent ahead
// still commits together, and a failure of a statement sent ahead fails the transaction and
// keeps nothing of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "./client.ts";
import { PIPELINE_AFTER_BEGIN, PIPELINE_BEFORE_COMMIT, PipelinedClient } from "./pipelined-client.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.ts";

let database: TestDatabase;
let prisma: PrismaClient;
beforeAll(async () => {
  database = await createTestDatabase("pipelined", { migrate: false });
  prisma = createPrismaClient(database.url, { poolSize: 4 });
  await prisma.$executeRawUnsafe(`create table pipelined_row (label text primary key)`);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await database?.drop();
});

const labels = async () => (await prisma.$queryRawUnsafe<{ label: string }[]>(`select label from pipelined_row order by label`)).map((r) => r.label);
const insert = (tx: Pick<PrismaClient, "$executeRawUnsafe">, label: string, mark = "") =>
  tx.$executeRawUnsafe(`${mark} insert into pipelined_row (label) values ($1)`, label);

describe("PipelinedClient", () => {
  it("sends a marked first statement with BEGIN and a marked last one with COMMIT, and commits them together", async () => {
    const before = { ...PipelinedClient.counts };
    const inTransaction = await prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRawUnsafe<{ inside: boolean }[]>(`${PIPELINE_AFTER_BEGIN} select statement_timestamp() > transaction_timestamp() as inside`);
      await insert(tx, "a-1");
      await insert(tx, "a-2", PIPELINE_BEFORE_COMMIT);
      return row!.inside;
    });
    expect(inTransaction).toBe(true);
    expect(PipelinedClient.counts.beginsWithStatement).toBe(before.beginsWithStatement + 1);
    expect(PipelinedClient.counts.beforeCommit).toBe(before.beforeCommit + 1);
    expect(await labels()).toEqual(expect.arrayContaining(["a-1", "a-2"]));
  });

  it("fails the COMMIT with the error of a statement sent ahead of it, and keeps nothing", async () => {
    await insert(prisma, "taken");
    const attempt = prisma.$transaction(async (tx) => {
      await insert(tx, "b-1", PIPELINE_AFTER_BEGIN);
      await insert(tx, "taken", PIPELINE_BEFORE_COMMIT); // a unique violation, learnt only at COMMIT
    });
    await expect(attempt).rejects.toThrow(/unique|Unique/);
    expect(await labels()).not.toContain("b-1");
    // The connection is clean afterwards: the next transactions on the pool work.
    await prisma.$transaction(async (tx) => insert(tx, "b-2"));
    expect(await labels()).toContain("b-2");
  });

  it("fails the statement that follows one sent ahead, when that one failed", async () => {
    const attempt = prisma.$transaction(async (tx) => {
      await insert(tx, "c-1");
      await insert(tx, "taken", PIPELINE_BEFORE_COMMIT);
      await insert(tx, "c-2"); // would be refused anyway: the transaction is aborted
    });
    await expect(attempt).rejects.toThrow(/unique|Unique/);
    expect(await labels()).not.toEqual(expect.arrayContaining(["c-1"]));
  });

  it("keeps unmarked transactions as they were: BEGIN answered before the first statement, rollback on error", async () => {
    const before = { ...PipelinedClient.counts };
    const attempt = prisma.$transaction(async (tx) => {
      await insert(tx, "d-1");
      throw new Error("changed my mind");
    });
    await expect(attempt).rejects.toThrow("changed my mind");
    expect(await labels()).not.toContain("d-1");
    expect(PipelinedClient.counts).toEqual(before);
    const [row] = await prisma.$transaction((tx) =>
      tx.$queryRawUnsafe<{ inside: boolean }[]>(`select statement_timestamp() > transaction_timestamp() as inside`),
    );
    expect(row!.inside).toBe(true);
  });

  it("runs many pipelined transactions at once on a small pool without mixing their answers", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        prisma.$transaction(async (tx) => {
          const [row] = await tx.$queryRawUnsafe<{ n: number }[]>(`${PIPELINE_AFTER_BEGIN} select $1::int as n`, i);
          await insert(tx, `e-${String(i).padStart(2, "0")}`, PIPELINE_BEFORE_COMMIT);
          return row!.n;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect((await labels()).filter((l) => l.startsWith("e-"))).toHaveLength(40);
  });
});
