// Test helpers for stores (vitest): the suite every IdempotencyStore must pass.
export { describeStoreContract, type StoreUnderTest } from "./store-contract.ts";
