// Stored snapshots as TanStack Query's persister writes them (format v1), for the store's tests.
import type { PendingOperation } from "../pending-operation.ts";
import { STORE_FORMAT_VERSION, type StoredEntry, type StoredOperations } from "../stored-format.ts";

export const orderParams = { item: "sample-guide", quantity: 2, contact: { name: "Zhao Cunchu", phone: "13700137101" } };
export const leadParams = { name: "Qian Yinsi", message: "Quote for 300 copies, please." };

export function operation(overrides: Partial<PendingOperation> = {}): PendingOperation {
  return { type: "order", key: "key-00000401", scope: "order:sample-guide", params: orderParams, submittedAt: Date.now(), sessionTag: "tag-a", ...overrides };
}

/** An entry with the fields TanStack adds that this package does not read. */
export function entry(status: StoredEntry["state"]["status"], variables: unknown, state: Partial<StoredEntry["state"]> = {}): StoredEntry {
  const tanstackOnly = { failureCount: status === "pending" ? 1 : 0, isPaused: false, submittedAt: 1 };
  return {
    mutationKey: ["submit", "scope"],
    state: { ...tanstackOnly, status, variables, data: undefined, error: null, failureReason: null, context: undefined, ...state },
  };
}

export function snapshot(...mutations: StoredEntry[]): StoredOperations {
  return { buster: STORE_FORMAT_VERSION, timestamp: Date.now(), clientState: { mutations } };
}
