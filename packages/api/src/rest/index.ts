// The REST surface of docs/API.md as plain fetch handlers; apps/web mounts them under /api/v1.
// The operations' endpoints are derived from their definitions (./operation-routes.ts).
export { operationEndpoint, operationTypeAt, OPERATION_ROUTE_TEMPLATES } from "./operation-routes.ts";
export { createSessionHandler } from "./sessions.ts";
export { getOperationHandler } from "./look-up.ts";
export type { RestDeps } from "./rest-context.ts";
export { buildOpenApiDocument, type OpenApiVersion } from "./openapi/document.ts";
export { documentExamples, operationExamples, type ExampleRequest, type ExampleSource } from "./openapi/example-requests.ts";
export { postOnly, getOnly, unknownEndpoint } from "./http-errors.ts";
export { exportHandler, type ExportFormat } from "./exports.ts";
export { LEAD_EXPORT_COLUMNS, ORDER_EXPORT_COLUMNS, type ExportWords } from "../dashboard/export/export-words.ts";
