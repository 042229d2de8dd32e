// This app's instance of the protocol's browser half (@once/idempotency/client): the product's
// registry, the tRPC transport, the `once_sid` session tag, and localStorage for the
// superseded map (mirrored into the service worker's outbox, ./sync-outbox.ts) and the stored submissions. Created once per tab (trpc/browser-clients.ts).
import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "@once/api/client";
import { browserLocks, createOperationClient, createOperationStore, createSupersededKeys, type KeyValueStorage } from "@once/idempotency/client";
import { operations } from "./registry";
import type { ConfirmedResult } from "./submission-types";
import { readSessionTag } from "./session-tag";
import { SUBMISSION_STORE_KEY } from "./store-key";
import { leaveOutbox } from "./sync-outbox";
import { trpcTransport } from "./trpc-transport";

export function createSubmissionClient(trpcClient: TRPCClient<AppRouter>, storage: KeyValueStorage) {
  const superseded = createSupersededKeys(storage);
  return createOperationClient({
    registry: operations,
    transport: trpcTransport(trpcClient),
    toResult: ({ body, replayed }): ConfirmedResult => {
      const { id, number } = body as { id: string; number: string };
      return { id, number, replayed };
    },
    currentSessionTag: readSessionTag,
    // A superseded operation is only looked up from now on: the service worker must not send it either.
    superseded: { has: (key) => superseded.has(key), mark: (key) => (superseded.mark(key), leaveOutbox(key)) },
    locks: browserLocks(),
  });
}

export type SubmissionClient = ReturnType<typeof createSubmissionClient>;

/**
 * The submissions in storage (pending, confirmed and refused). A final one keeps what was
 * ordered and its number, never who ordered or what an inquiry said.
 */
export function createSubmissionStore(storage: KeyValueStorage) {
  return createOperationStore({
    storage,
    key: SUBMISSION_STORE_KEY,
    registry: operations,
    keep: { params: { order: ["item", "quantity"] }, result: ["id", "number", "replayed"] },
  });
}
