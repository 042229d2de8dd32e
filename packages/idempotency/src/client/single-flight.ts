// One tab at a time works on an operation: an attempt holds the Web Lock named after its key,
// so a second tab restoring the same pending operation waits, then looks it up or gets the
// replay. Where the browser has no Web Locks the attempt runs unguarded: the key still makes
// it exactly-once on the server, only the second tab's request is not saved.

/** The part of the Web Locks API (navigator.locks) this needs. */
export interface OperationLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export const LOCK_PREFIX = "once-operation:";

/** The browser's Web Locks, if it has them (happy-dom and old browsers do not). */
export function browserLocks(): OperationLocks | undefined {
  return (globalThis.navigator as { locks?: OperationLocks | null } | undefined)?.locks ?? undefined;
}

export function withOperationLock<T>(locks: OperationLocks | undefined, key: string, run: () => Promise<T>): Promise<T> {
  return locks ? locks.request(LOCK_PREFIX + key, run) : run();
}
