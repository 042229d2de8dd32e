// The in-memory store: protocol-state tests without a database.
export { createMemoryStore, type MemoryStore, type MemoryTransaction } from "./memory-store.ts";
