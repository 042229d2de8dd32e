// The PostgreSQL store (over a Prisma client or anything with its raw-query methods).
export { createPostgresStore, recordLookUp, type PostgresStoreOptions, type SqlClient, type TransactionRunner } from "./postgres-store.ts";
