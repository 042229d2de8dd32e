// The shared store suite against PostgreSQL, through a Prisma client on the run's database
// (the table and enum of prisma/schema.prisma); the business write is a row in a table of
// the test's own. Then the store on the app's pipelined connections (packages/db).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type {} from "@once/db/testing/global-setup";
import { createPrismaClient, PIPELINE_AFTER_BEGIN, PIPELINE_BEFORE_COMMIT, PipelinedClient, type PrismaClient } from "@once/db";
import { runOnce } from "../server/run-once.ts";
import { describeStoreContract } from "../testing/store-contract.ts";
import { createPostgresStore, SENT_WITH_BEGIN, SENT_WITH_COMMIT } from "./postgres-store.ts";

const prisma: PrismaClient = createPrismaClient(inject("databaseUrl"), { poolSize: 30 });
beforeAll(() => prisma.$executeRawUnsafe(`create table if not exists store_contract_row (id uuid primary key default gen_random_uuid(), label text not null)`));
afterAll(() => prisma.$disconnect());

describeStoreContract("PostgreSQL", () => ({
  store: createPostgresStore(prisma),
  async write(tx, label) {
    const rows = await tx.$queryRawUnsafe<{ id: string }[]>(`insert into store_contract_row (label) values ($1) returning id::text`, label);
    return rows[0]!.id;
  },
  async count(label) {
    const rows = await prisma.$queryRawUnsafe<{ n: number }[]>(`select count(*)::int as n from store_contract_row where label = $1`, label);
    return rows[0]!.n;
  },
  // Sessions of this database waiting for a lock while they write a record: a claim blocked
  // by another transaction's claim on the same key.
  async waitingClaims() {
    const rows = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%idempotency_record%'`,
    );
    return rows[0]!.n;
  },
}));

describe("the PostgreSQL store on the app's pipelined connections", () => {
  const lead = {
    type: "pipelined.test",
    fingerprint: { fields: ["label"] as const },
    execute: (_tx: unknown, input: { label: string }) => Promise.resolve({ outcome: "completed" as const, status: 201, body: input, resultId: input.label }),
  };

  it("marks the claim and the outcome as packages/db's pipelined client expects, which sends them with BEGIN and COMMIT", async () => {
    expect([SENT_WITH_BEGIN, SENT_WITH_COMMIT]).toEqual([PIPELINE_AFTER_BEGIN, PIPELINE_BEFORE_COMMIT]);
    const before = { ...PipelinedClient.counts };
    const result = await runOnce(createPostgresStore(prisma), lead, { principal: "p-pipelined", key: randomUUID(), input: { label: "x" } });
    expect(result).toMatchObject({ status: 201, replayed: false });
    expect(PipelinedClient.counts).toEqual({ beginsWithStatement: before.beginsWithStatement + 1, beforeCommit: before.beforeCommit + 1 });
  });

  it("takes over a key whose claim committed on its own (its BEGIN failed): runs it once, and a concurrent retry replays", async () => {
    const key = randomUUID();
    const principal = "p-abandoned";
    // What a claim sent with a BEGIN that failed would leave: the record, committed in progress.
    await prisma.$executeRawUnsafe(
      `insert into idempotency_record (principal, operation, key, fingerprint, outcome, expires_at) values ($1, $2, $3, 'v1:abandoned', 'in_progress', now() + interval '1 day')`,
      principal,
      lead.type,
      key,
    );
    let runs = 0;
    const counted = { ...lead, execute: (tx: unknown, input: { label: string }) => (runs++, lead.execute(tx, input)) };
    const store = createPostgresStore(prisma);
    const results = await Promise.all([1, 2].map(() => runOnce(store, counted, { principal, key, input: { label: "z" } })));
    expect(runs).toBe(1);
    expect(results.map((r) => r.replayed).sort()).toEqual([false, true]);
    const [record] = await prisma.$queryRawUnsafe<{ outcome: string; result_id: string }[]>(
      `select outcome::text, result_id from idempotency_record where principal = $1 and key = $2`,
      principal,
      key,
    );
    expect(record).toEqual({ outcome: "completed", result_id: "z" });
  });
});
