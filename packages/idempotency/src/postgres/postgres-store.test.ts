// The shared store suite against PostgreSQL, through a Prisma client on the run's database
// (the table and enum of prisma/schema.prisma); the business write is a row in a table of
// the test's own.
import { afterAll, beforeAll, inject } from "vitest";
import type {} from "@once/db/testing/global-setup";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { describeStoreContract } from "../testing/store-contract.ts";
import { createPostgresStore } from "./postgres-store.ts";

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
