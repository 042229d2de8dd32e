// The dashboard's read client: reads the replica when one answers, the primary when it does not,
// and is the primary itself without DATABASE_REPLICA_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "./client.ts";
import { createReadReplicaClient, getReadReplica } from "./read-replica.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.ts";

const NOTHING_LISTENS = "postgresql://postgres@127.0.0.1:1/postgres";
let database: TestDatabase;
let primary: PrismaClient;
beforeAll(async () => {
  database = await createTestDatabase("read_replica");
  primary = createPrismaClient(database.url, { poolSize: 2 });
  await primary.guide.create({
    data: { slug: "replica-probe", titleZh: "探针", titleEn: "Probe", summaryZh: "探针", summaryEn: "Probe", stock: 1 },
  });
});
afterAll(async () => {
  await primary?.$disconnect();
  await database?.drop();
});

describe("read replica", () => {
  it("without a replica URL is the primary client itself", () => {
    expect(getReadReplica({ url: undefined }, primary)).toBe(primary);
  });

  it("reads from the replica when it answers", async () => {
    const replica = createReadReplicaClient(database.url, primary);
    try {
      expect(await replica.guide.findMany({ where: { slug: "replica-probe" }, select: { slug: true } })).toEqual([{ slug: "replica-probe" }]);
    } finally {
      await replica.$disconnect();
    }
  });

  it("asks the primary when the replica cannot answer, and passes other errors on", async () => {
    const replica = createReadReplicaClient(NOTHING_LISTENS, primary);
    try {
      expect(await replica.guide.findMany({ where: { slug: "replica-probe" }, select: { stock: true } })).toEqual([{ stock: 1 }]);
      expect(await replica.guide.count({ where: { slug: "replica-probe" } })).toBe(1);
    } finally {
      await replica.$disconnect();
    }
    const working = createReadReplicaClient(database.url, primary);
    try {
      await expect(working.guide.findMany({ where: { id: "not-a-uuid" } })).rejects.toThrow();
    } finally {
      await working.$disconnect();
    }
  });
});
