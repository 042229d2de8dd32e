// A TanStack Query persister that writes to localStorage at once, on every change of the
// submissions. TanStack's sync-storage persister throttles its writes (by a timer); a CI run
// showed a submission made offline and followed by a reload within that window being lost.
// The persisted state is a handful of small mutations, so writing it synchronously is cheap.
// Final submissions are written without their personal fields (./redact.ts); what an earlier
// version stored with them is redacted and written back when restored.
import type { PersistedClient, Persister } from "@tanstack/query-persist-client-core";
import { redactFinalSubmissions } from "./redact";

export function createImmediateStoragePersister(storage: Storage, key: string): Persister {
  const write = (client: PersistedClient) => {
    try {
      storage.setItem(key, JSON.stringify(client));
    } catch {
      // Storage full or disabled (private mode): the submission still runs, only without reload safety.
    }
  };
  return {
    persistClient(client: PersistedClient) {
      write(redactFinalSubmissions(client));
    },
    restoreClient() {
      const raw = storage.getItem(key);
      if (!raw) return undefined;
      let stored: PersistedClient;
      try {
        stored = JSON.parse(raw) as PersistedClient;
      } catch {
        storage.removeItem(key);
        return undefined;
      }
      const redacted = redactFinalSubmissions(stored);
      if (redacted !== stored) write(redacted);
      return redacted;
    },
    removeClient() {
      storage.removeItem(key);
    },
  };
}
