// Shared side of the protocol: safe for browser and server alike.
export { mintOperationKey, isOperationKey, operationKeySchema, OPERATION_KEY_PATTERN, type OperationKey } from "./operation-key.ts";
export { computeFingerprint, fingerprintMaterial, FINGERPRINT_VERSION, type FingerprintSpec } from "./fingerprint.ts";
export { IdempotencyError, idempotencyErrors, type ErrorCode, type BoundOperation, type ProtocolErrorDetails } from "./errors.ts";
export { OPERATION_TYPES, type OperationType, type OperationResult, type StoredOutcome } from "./outcome.ts";
