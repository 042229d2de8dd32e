// The tRPC procedure each operation type is sent to, by path: for the service worker
// (./service-worker.ts), which posts an operation without the tRPC client. ./trpc-transport.ts
// calls the same procedures through the typed client; operation-procedures.test.ts checks that
// each path is a mutation of the app's router.
import type { OperationType } from "./operations";

export const OPERATION_PROCEDURES: Record<OperationType, string> = { order: "order.create", lead: "lead.submit" };
