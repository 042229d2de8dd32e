// The service worker's outbox (IndexedDB: the worker cannot read localStorage) and its sync
// tag: written by ./sync-outbox.ts and ./early-press.ts, read by ./service-worker.ts. A module of
// its own so the pages' first-load code (./store-key.ts) does not carry it.
export const OUTBOX = { database: "once-outbox", store: "operations", syncTag: "once-submissions" } as const;
