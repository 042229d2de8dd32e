// The product's exactly-once operations: the one registry the server uses too
// (packages/api/src/registry.ts: type, input schema, fingerprint fields). Browser-safe.
export { operations, type OperationType } from "@once/api/schemas";
