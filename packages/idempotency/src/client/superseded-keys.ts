// Operations the customer replaced by editing the form while they were pending. A pending
// operation's parameters cannot change (a retry must resend them unchanged), so editing starts
// a new operation and marks the old key: from then on it is only looked up, never resent.
// Kept in storage, so the mark holds in every tab and after a reload.
import type { KeyValueStorage } from "./key-value-storage.ts";
import { MAX_PENDING_AGE_MS } from "./pending-operation.ts";

export interface SupersededKeys {
  mark(key: string): void;
  has(key: string): boolean;
}

export const SUPERSEDED_STORAGE_KEY = "once-superseded-keys";

export function createSupersededKeys(storage: KeyValueStorage, { storageKey = SUPERSEDED_STORAGE_KEY, now = Date.now } = {}): SupersededKeys {
  const read = (): Record<string, number> => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? "{}");
      return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
    } catch {
      return {};
    }
  };
  // This tab's own marks, in case storage refuses the write.
  const marked = new Set<string>();
  return {
    mark(key) {
      marked.add(key);
      const keys = read();
      // Past the pending age an operation is no longer continued, so its mark is never read again.
      for (const [k, at] of Object.entries(keys)) if (now() - at > MAX_PENDING_AGE_MS) delete keys[k];
      keys[key] = now();
      try {
        storage.setItem(storageKey, JSON.stringify(keys));
      } catch {
        // Storage full or disabled: this tab still knows, and the pending operations cannot be
        // stored for another tab or a reload either.
      }
    },
    has: (key) => marked.has(key) || Object.hasOwn(read(), key),
  };
}
