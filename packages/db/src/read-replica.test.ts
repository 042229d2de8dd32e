// The dashboard's reads prefer the standby: the standby answers when it can, the primary when it
// cannot (raw SQL included, which a per-model fallback missed), any other error is passed on,
// and without DATABASE_REPLICA_URL the standby is the primary client itself. Two databases
// stand in for the leader and the standby, each with a guide of its own, so each answer says
// where it came from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "./client.ts";
import { getReadReplica, readPreferringStandby } from "./read-replica.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.ts";

const NOTHING_LISTENS = "postgresql://postgres@127.0.0.1:1/postgres";
const databases: TestDatabase[] = [];
let primary: PrismaClient;
let standby: PrismaClient;
let unreachable: PrismaClient;

async function withGuide(label: string, slug: string): Promise<PrismaClient> {
  const database = await createTestDatabase(label);
  databases.push(database);
  const client = createPrismaClient(database.url, { poolSize: 2 });
  await client.guide.create({ data: { slug, titleZh: "探针", titleEn: "Probe", summaryZh: "探针", summaryEn: "Probe", stock: 1 } });
  return client;
}

beforeAll(async () => {
  primary = await withGuide("read_primary", "on-primary");
  standby = await withGuide("read_standby", "on-standby");
  unreachable = createPrismaClient(NOTHING_LISTENS, { poolSize: 1 });
});
afterAll(async () => {
  await Promise.all([primary?.$disconnect(), standby?.$disconnect(), unreachable?.$disconnect()]);
  await Promise.all(databases.map((d) => d.drop()));
});

const modelRead = (db: PrismaClient) => db.guide.findMany({ select: { slug: true } }).then((rows) => rows.map((r) => r.slug));
const rawRead = (db: PrismaClient) => db.$queryRaw<{ slug: string }[]>`SELECT slug FROM guide`.then((rows) => rows.map((r) => r.slug));
const transactionRead = (db: PrismaClient) =>
  db.$transaction(async (tx) => (await tx.guide.count()) + (await tx.guide.findMany({ select: { slug: true } })).length);

describe("reads preferring the standby", () => {
  it("without a replica URL the standby is the primary client itself, and reads go there", async () => {
    expect(getReadReplica({ url: undefined }, primary)).toBe(primary);
    expect(await readPreferringStandby({ primary, standby: primary }, modelRead)).toEqual(["on-primary"]);
    expect(await readPreferringStandby({ primary }, rawRead)).toEqual(["on-primary"]);
  });

  it("reads from the standby when it answers", async () => {
    expect(await readPreferringStandby({ primary, standby }, modelRead)).toEqual(["on-standby"]);
    expect(await readPreferringStandby({ primary, standby }, rawRead)).toEqual(["on-standby"]);
  });

  it("asks the primary when the standby cannot answer: model queries, raw SQL and transactions alike", async () => {
    expect(await readPreferringStandby({ primary, standby: unreachable }, modelRead)).toEqual(["on-primary"]);
    expect(await readPreferringStandby({ primary, standby: unreachable }, rawRead)).toEqual(["on-primary"]);
    expect(await readPreferringStandby({ primary, standby: unreachable }, transactionRead)).toBe(2);
  });

  it("passes any other error on, without asking the primary", async () => {
    const asked: PrismaClient[] = [];
    const wrong = (db: PrismaClient) => (asked.push(db), db.guide.findMany({ where: { id: "not-a-uuid" } }));
    await expect(readPreferringStandby({ primary, standby }, wrong)).rejects.toThrow();
    expect(asked).toEqual([standby]);
  });
});
