// The product's exactly-once operations, the one registry the server uses too
// (packages/api/src/operations.ts: type, input schema, fingerprint fields). Browser-safe.
// Imported by path because @once/api has no browser entry that exports it yet; once its
// `./schemas` does, this line names the package instead.
export { operations, type OperationType } from "../../../../packages/api/src/operations.ts";
