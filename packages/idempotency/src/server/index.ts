// Server side of the protocol: plain functions over a Prisma client, no framework types.
export { runOnce, answerFromRecord, defaultRunOptions, type IdempotentOperation, type BusinessOutcome, type RunOptions, type ObservedKind, type ObservedEvent } from "./run-once.ts";
export { findRecord, expireRecords, type Scope, type OperationRecord, type RecordOutcome } from "./record-store.ts";
export type { SqlClient, TransactionRunner } from "./sql-client.ts";
