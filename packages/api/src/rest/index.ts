// The REST surface of docs/API.md as plain fetch handlers; apps/web mounts them under /api/v1.
import { leadOperation, submitLeadOperation } from "../lead/submit-lead.ts";
import { leadInputSchema } from "../lead/lead-schema.ts";
import { orderOperation } from "../order/create-order.ts";
import { orderInputSchema } from "../order/order-schema.ts";
import { idempotentPostHandler } from "./idempotent-post.ts";

export const postOrder = idempotentPostHandler(orderInputSchema, (deps) => orderOperation(deps.orderRules));
export const postLead = idempotentPostHandler(leadInputSchema, (deps) => (deps.leadSettings ? leadOperation(deps.leadSettings) : submitLeadOperation));
export { createSessionHandler } from "./sessions.ts";
export { getOperationHandler } from "./operations.ts";
export type { RestDeps } from "./rest-context.ts";
export { buildOpenApiDocument, type OpenApiVersion } from "./openapi/document.ts";
export { postOnly, getOnly, unknownEndpoint } from "./http-errors.ts";
export { exportLeadsCsvHandler } from "./leads-csv.ts";
