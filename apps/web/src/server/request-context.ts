// The request's context as the production server set it (apps/web/request-context.mjs): the
// same AsyncLocalStorage, found on globalThis under the same Symbol.for key. Empty outside a
// request (start-up, timers, the notification worker) and under `next dev`, which does not
// go through server.mjs.
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestStore {
  requestId: string;
}

const holder = globalThis as unknown as { [key: symbol]: AsyncLocalStorage<RequestStore> | undefined };
const storage = (holder[Symbol.for("once.request-context")] ??= new AsyncLocalStorage<RequestStore>());

/** The id of the request this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
