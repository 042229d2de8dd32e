// Shared side of the protocol: safe for browser and server alike.
export {
  mintOperationKey,
  isOperationKey,
  operationKeySchema,
  OPERATION_KEY_PATTERN,
  OPERATION_KEY_PATTERN_SOURCE,
  OPERATION_KEY_DESCRIPTION,
  OPERATION_KEY_RULE,
  type OperationKey,
} from "./operation-key.ts";
export { computeFingerprint, fingerprintMaterial, FINGERPRINT_VERSION, type FingerprintSpec } from "./fingerprint.ts";
export {
  IdempotencyError,
  ProblemError,
  isProblemError,
  defineProblems,
  idempotencyErrors,
  type ErrorCode,
  type ProblemSpec,
  type BoundOperation,
  type ProtocolErrorDetails,
} from "./errors.ts";
export { type OperationResult, type StoredOutcome } from "./outcome.ts";
export { defineOperations, type OperationRegistry, type OperationSpec, type AnyOperationSpec, type InputOf } from "./operation-registry.ts";
