// TanStack Query's Persister over the submission store: TanStack dehydrates the mutation
// cache and hydrates it back; the store decides what is written and when (at once, final
// submissions without their personal fields), which TanStack's stock persister does not.
import type { PersistedClient, Persister } from "@tanstack/query-persist-client-core";
import type { OperationStore } from "@once/idempotency/client";

export function storePersister(store: OperationStore): Persister {
  return {
    persistClient: (client) => store.save(client),
    restoreClient: () => store.load<PersistedClient>(),
    removeClient: () => store.remove(),
  };
}
