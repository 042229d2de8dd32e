// The REST surface of docs/API.md as plain fetch handlers; apps/web mounts them under /api/v1.
import { clientAddressOf } from "../limits/client-address.ts";
import { leadOperation } from "../lead/submit-lead.ts";
import { leadInputSchema } from "../lead/lead-schema.ts";
import { orderOperation } from "../order/create-order.ts";
import { orderInputSchema } from "../order/order-schema.ts";
import { idempotentPostHandler } from "./idempotent-post.ts";
import { requestIdOf } from "../request/request-id.ts";

export const postOrder = idempotentPostHandler(orderInputSchema, (deps, request) =>
  orderOperation(deps.orderRules, { limits: deps.limits, clientAddress: clientAddressOf(request.headers) }),
);
// Built per request: the outbox rows carry this request's id.
export const postLead = idempotentPostHandler(leadInputSchema, (deps, request) =>
  leadOperation({ channels: deps.leadSettings?.channels ?? [], requestId: requestIdOf(request.headers) }),
);
export { createSessionHandler } from "./sessions.ts";
export { getOperationHandler } from "./operations.ts";
export type { RestDeps } from "./rest-context.ts";
export { buildOpenApiDocument, type OpenApiVersion } from "./openapi/document.ts";
export { postOnly, getOnly, unknownEndpoint } from "./http-errors.ts";
export { exportHandler, type ExportFormat } from "./exports.ts";
