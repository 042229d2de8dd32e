// A TanStack Query persister that writes to localStorage at once, on every change of the
// submissions. TanStack's sync-storage persister throttles its writes (by a timer); a CI run
// showed a submission made offline and followed by a reload within that window being lost.
// The persisted state is a handful of small mutations, so writing it synchronously is cheap.
import type { PersistedClient, Persister } from "@tanstack/query-persist-client-core";

export function createImmediateStoragePersister(storage: Storage, key: string): Persister {
  return {
    persistClient(client: PersistedClient) {
      try {
        storage.setItem(key, JSON.stringify(client));
      } catch {
        // Storage full or disabled (private mode): the submission still runs, only without reload safety.
      }
    },
    restoreClient() {
      const raw = storage.getItem(key);
      if (!raw) return undefined;
      try {
        return JSON.parse(raw) as PersistedClient;
      } catch {
        storage.removeItem(key);
        return undefined;
      }
    },
    removeClient() {
      storage.removeItem(key);
    },
  };
}
