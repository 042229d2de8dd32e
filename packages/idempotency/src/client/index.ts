// Browser side of the protocol, framework-free: an application's operations (its
// `defineOperations` registry) sent exactly once from a browser that reloads, goes offline,
// opens two tabs or changes session. React/TanStack bindings belong to the application.
export { mintOperationKey } from "../shared/operation-key.ts";
export { createOperationClient, type OperationClient, type OperationClientOptions, type AttentionReason } from "./operation-client.ts";
export { type OperationTransport, type OperationStatus, type Confirmation } from "./transport.ts";
export { CLASSIFICATION, classify, type AttemptFailure, type ClassificationRow, type Verdict } from "./classification.ts";
export { FinalRefusal, OutcomeUnknown, SESSION_CHANGED, SUPERSEDED, UNKNOWN_OPERATION_TYPE } from "./outcome-errors.ts";
export { retryDelay, shouldRetry, MIN_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS, type RetryDelayOptions } from "./retry-policy.ts";
export { MAX_PENDING_AGE_MS, isStale, type PendingOperation } from "./pending-operation.ts";
export { cookieSessionTag, sessionChanged } from "./session-tag.ts";
export { browserLocks, withOperationLock, LOCK_PREFIX, type OperationLocks } from "./single-flight.ts";
export { createSupersededKeys, SUPERSEDED_STORAGE_KEY, type SupersededKeys } from "./superseded-keys.ts";
export { createOperationStore, type OperationStore, type OperationStoreOptions, type KeptFields } from "./operation-store.ts";
export { STORE_FORMAT_VERSION, type StoredOperations, type StoredEntry } from "./stored-format.ts";
export { type KeyValueStorage } from "./key-value-storage.ts";
export { readPressedIntents, type PressedIntents, type DiscardReason, type ReadIntentOptions } from "./pressed-intents.ts";
