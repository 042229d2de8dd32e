// The stored form of a browser's operations, format "v1". It is the shape TanStack Query's
// persisted client has (dehydrated mutations under `clientState`), because browsers already
// hold data in it from before this package had a client half. Declared here structurally:
// this package reads and writes only the fields below and keeps every other one as it is.

/** Stored in `buster`; anything else is not understood and is dropped on load. */
export const STORE_FORMAT_VERSION = "v1";

export interface StoredEntry {
  mutationKey?: readonly unknown[];
  state: {
    status: "idle" | "pending" | "success" | "error";
    /** A PendingOperation, for the entries that are this registry's operations. */
    variables?: unknown;
    /** The result, once confirmed. */
    data?: unknown;
    /** The FinalRefusal, once refused. */
    error?: unknown;
    failureReason?: unknown;
    context?: unknown;
  };
}

export interface StoredOperations {
  buster: string;
  timestamp: number;
  clientState: { mutations?: StoredEntry[] };
}
