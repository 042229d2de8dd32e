// REST adapter of the protocol (thin: headers and bodies in, problem+json out).
export { readOperationKey, IDEMPOTENCY_KEY_HEADER } from "./operation-key-header.ts";
export { readJsonBody, readBodyLimited, isJsonMediaType, mediaTypeOf, DEFAULT_MAX_BODY_BYTES } from "./json-body.ts";
export { problemBody, problemTypeFor, problemResponse, operationResponse, REPLAYED_HEADER, PROBLEM_TYPE_BASE, type ProblemBody } from "./responses.ts";
