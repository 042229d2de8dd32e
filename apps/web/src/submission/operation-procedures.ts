// The tRPC procedure each operation type is sent to, by path: for the service worker
// (./service-worker.ts), which posts an operation without the tRPC client. Derived from the
// registry's `procedure` (packages/api/src/registry.ts); operation-procedures.test.ts checks
// that each path is a mutation of the app's router.
import { OPERATION_TYPES, procedurePath, type OperationType } from "@once/api/schemas";

export const OPERATION_PROCEDURES = Object.fromEntries(OPERATION_TYPES.map((type) => [type, procedurePath(type)])) as Record<OperationType, string>;
