// The engine's half of the service worker's Background Sync (./service-worker.ts): every
// submission of this tab's QueryClient that is still unsettled, and not superseded by an edit, is
// kept in IndexedDB (the worker cannot read localStorage), and a sync is asked for, so the worker
// can send it with every tab closed once the browser is back online. It leaves the outbox as soon
// as it settles here (confirmed, refused, or needing the customer's attention) or is superseded:
// the worker never holds personal data longer than the operation is pending, and never sends a
// settled or superseded one. Without IndexedDB or a service worker nothing happens: the next visit
// sends what is stored (the engine resumes it).
import type { Mutation, QueryClient } from "@tanstack/react-query";
import { isStale, type SupersededKeys } from "@once/idempotency/client";
import { SUBMIT_KEY, type OperationVariables } from "./submission-types";
import { OUTBOX } from "./outbox-names";

let opened: Promise<IDBDatabase | null> | undefined;
const database = () =>
  (opened ??= new Promise((resolve) => {
    try {
      const open = indexedDB.open(OUTBOX.database, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(OUTBOX.store, { keyPath: "key" });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => resolve(null);
    } catch {
      resolve(null); // no IndexedDB (some private modes)
    }
  }));

async function write(act: (store: IDBObjectStore) => void): Promise<void> {
  const db = await database();
  if (!db) return;
  await new Promise<void>((resolve) => {
    const tx = db.transaction(OUTBOX.store, "readwrite");
    act(tx.objectStore(OUTBOX.store));
    tx.oncomplete = tx.onerror = tx.onabort = () => resolve();
  });
}

const askForSync = () =>
  void navigator.serviceWorker?.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX.syncTag))
    .catch(() => undefined);

/** Removes an operation from the outbox (settled, or superseded by an edit). */
export const leaveOutbox = (key: string) => void write((store) => store.delete(key));

/** Keeps the outbox in step with `queryClient`'s submissions from now on. */
export function mirrorToOutbox(queryClient: QueryClient, superseded: SupersededKeys): void {
  const kept = new Map<string, boolean>(); // what the outbox holds, as far as this tab knows
  const follow = (mutation: Mutation<unknown, Error, unknown>) => {
    if (mutation.options.mutationKey?.[0] !== SUBMIT_KEY) return;
    const vars = mutation.state.variables as OperationVariables | undefined;
    if (!vars) return;
    const pending = mutation.state.status === "pending" && !vars.redacted && !isStale(vars) && !superseded.has(vars.key);
    if (kept.get(vars.key) === pending) return;
    kept.set(vars.key, pending);
    if (!pending) return leaveOutbox(vars.key);
    const { type, key, scope, params, submittedAt, sessionTag } = vars;
    void write((store) => store.put({ type, key, scope, params, submittedAt, ...(sessionTag ? { sessionTag } : {}) })).then(askForSync);
  };
  const cache = queryClient.getMutationCache();
  for (const mutation of cache.getAll()) follow(mutation);
  cache.subscribe((event) => event.mutation && follow(event.mutation as Mutation<unknown, Error, unknown>));
}
