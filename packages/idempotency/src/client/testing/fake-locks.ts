// Test double for navigator.locks (happy-dom has none): exclusive locks by name, granted in
// request order, shared by the "tabs" of a test the way a browser shares them across tabs.
import type { OperationLocks } from "../single-flight.ts";

export function fakeLocks(): OperationLocks & { requested: string[] } {
  const queues = new Map<string, Promise<unknown>>();
  const requested: string[] = [];
  return {
    requested,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      requested.push(name);
      const granted = (queues.get(name) ?? Promise.resolve()).then(callback);
      queues.set(
        name,
        granted.catch(() => undefined),
      );
      return granted;
    },
  };
}
