// Server side of the protocol: `runOnce` over a store, with no framework or database types.
export {
  runOnce,
  answerFromRecord,
  defaultConfig,
  type IdempotentOperation,
  type OperationRequest,
  type BusinessOutcome,
  type IdempotencyConfig,
  type ObservedKind,
  type ObservedEvent,
} from "./run-once.ts";
export {
  LockTimeoutError,
  type IdempotencyStore,
  type StoreTransaction,
  type OperationRecord,
  type RecordOutcome,
  type RecordCounters,
  type CounterDelta,
  type Claim,
  type ClaimToken,
  type Scope,
  type OutcomeToStore,
} from "./store.ts";
export {
  tombstoneHorizon,
  abandonedClaimHorizon,
  ABANDONED_CLAIM_MINUTES,
  MIN_RETENTION_DAYS,
  MIN_TOMBSTONE_DAYS,
  DEFAULT_TOMBSTONE_DAYS,
} from "./retention.ts";
