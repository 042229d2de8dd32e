// The OpenAPI 3.1 document of the REST surface, built from the same zod schemas the handlers
// validate with, so the document cannot drift from the code. Served at /api/v1/openapi.json.
import { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import { idempotencyErrors, OPERATION_KEY_DESCRIPTION, OPERATION_KEY_PATTERN_SOURCE } from "@once/idempotency";
import { appErrors } from "../app-error.ts";
import { REJECTION_CODES } from "../business-rejection.ts";
import { leadInputSchema, leadViewSchema } from "../lead/lead-schema.ts";
import { ORDER_QUANTITY_LIMIT, orderInputSchema, orderViewSchema } from "../order/order-schema.ts";
import { operationViewSchema } from "../operation/find-operation.ts";

const jsonSchema = (schema: $ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });

const problem = {
  type: "object",
  required: ["type", "title", "status", "code", "detail", "retryable"],
  properties: {
    type: { type: "string", format: "uri" },
    title: { type: "string" },
    status: { type: "integer" },
    code: { type: "string", enum: [...Object.keys(idempotencyErrors), ...Object.keys(appErrors), ...REJECTION_CODES] },
    detail: { type: "string" },
    retryable: { type: "boolean" },
    boundTo: {
      type: "object",
      description: "IDEMPOTENCY_KEY_REUSED only: what the key is already bound to",
      properties: { status: { type: "integer" }, resultId: { type: ["string", "null"] }, outcome: { type: "string" } },
    },
    fields: { type: "object", additionalProperties: { type: "array", items: { type: "string" } }, description: "VALIDATION_FAILED only" },
    retryAfter: { type: "integer", description: "seconds; also sent as the Retry-After header" },
  },
};

const problemResponse = (description: string) => ({ description, content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } });

const idempotentCreate = (summary: string, input: string, output: string, rejections: string) => ({
  summary,
  security: [{ bearer: [] }, { cookie: [] }],
  parameters: [{ $ref: "#/components/parameters/IdempotencyKey" }],
  requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${input}` } } } },
  responses: {
    "201": {
      description: "Created. A replay of a finished operation returns the first status and body again, with `Idempotent-Replayed: true`.",
      headers: { "Idempotent-Replayed": { schema: { type: "string", enum: ["true"] }, description: "present on replays only" } },
      content: { "application/json": { schema: { $ref: `#/components/schemas/${output}` } } },
    },
    "400": problemResponse("IDEMPOTENCY_KEY_MISSING, IDEMPOTENCY_KEY_INVALID or VALIDATION_FAILED (with `fields`); nothing stored"),
    "401": problemResponse("UNAUTHENTICATED: no or bad session"),
    "404": problemResponse(rejections),
    "409": { ...problemResponse("IDEMPOTENCY_IN_PROGRESS: the same key is still running; retry after Retry-After seconds"), headers: { "Retry-After": { schema: { type: "integer" } } } },
    "410": problemResponse("IDEMPOTENCY_KEY_EXPIRED: the key is past retention and will never run again"),
    "413": problemResponse("PAYLOAD_TOO_LARGE"),
    "415": problemResponse("UNSUPPORTED_MEDIA_TYPE: send application/json"),
    "422": problemResponse("IDEMPOTENCY_KEY_REUSED (with `boundTo`), or a stored business rejection"),
    "429": { ...problemResponse("RATE_LIMITED"), headers: { "Retry-After": { schema: { type: "integer" } } } },
    "500": problemResponse("INTERNAL: nothing was stored; retry with the same key"),
  },
});

export function buildOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Sample guides and inquiries API",
      version: "1.0.0",
      description:
        `Exactly-once creates. Mint one operation key per intent (${OPERATION_KEY_DESCRIPTION}, e.g. a UUIDv4), send it as \`Idempotency-Key\` and reuse it unchanged on every retry. See docs/API.md.`,
    },
    servers: [{ url: "/" }],
    paths: {
      "/api/v1/sessions": {
        post: {
          summary: "Create an anonymous customer session",
          responses: {
            "201": {
              description: "A bearer token, valid for expiresIn seconds (also set as the httpOnly cookie once_session when the caller holds no valid session cookie).",
              content: { "application/json": { schema: { type: "object", required: ["token"], properties: { token: { type: "string" }, tokenType: { const: "Bearer" }, expiresIn: { type: "integer" } } } } },
            },
            "403": problemResponse("FORBIDDEN: a browser request made by another site"),
            "415": problemResponse("UNSUPPORTED_MEDIA_TYPE: send no body or a JSON one"),
            "429": problemResponse("RATE_LIMITED: too many new sessions from this address (Retry-After)"),
          },
        },
      },
      "/api/v1/orders": {
        post: idempotentCreate(
          `Order copies of a sample guide (quantity 1-${ORDER_QUANTITY_LIMIT}; a guide may allow fewer)`,
          "OrderInput",
          "Order",
          "GUIDE_NOT_FOUND (a stored, replayed rejection); OUT_OF_STOCK, LIMIT_REACHED and DAILY_LIMIT_REACHED answer 422",
        ),
      },
      "/api/v1/leads": {
        post: idempotentCreate("Send an inquiry (name ≤ 50, phone ≤ 20, content ≤ 1000 characters)", "LeadInput", "Lead", "not used"),
      },
      "/api/v1/operations/{key}": {
        get: {
          summary: "The caller's own operation with this key",
          security: [{ bearer: [] }, { cookie: [] }],
          parameters: [
            { name: "key", in: "path", required: true, schema: { type: "string", pattern: OPERATION_KEY_PATTERN_SOURCE } },
            { name: "type", in: "query", required: false, schema: { type: "string", enum: ["order", "lead"] } },
          ],
          responses: {
            "200": { description: "The operation's outcome and result id", content: { "application/json": { schema: { $ref: "#/components/schemas/Operation" } } } },
            "400": problemResponse("IDEMPOTENCY_KEY_INVALID or VALIDATION_FAILED (type)"),
            "401": problemResponse("UNAUTHENTICATED"),
            "404": problemResponse("NOT_FOUND: no operation of yours has this key (another customer's key looks the same)"),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "token from POST /api/v1/sessions" },
        cookie: { type: "apiKey", in: "cookie", name: "once_session" },
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description: "The operation key, plain or as a quoted structured-field string. May instead be sent as body field `idemKey`; both present and different is a 400.",
          schema: { type: "string", pattern: OPERATION_KEY_PATTERN_SOURCE },
        },
      },
      schemas: {
        OrderInput: jsonSchema(orderInputSchema, "input"),
        Order: jsonSchema(orderViewSchema, "output"),
        LeadInput: jsonSchema(leadInputSchema, "input"),
        Lead: jsonSchema(leadViewSchema, "output"),
        Operation: jsonSchema(operationViewSchema, "output"),
        Problem: problem,
      },
    },
  };
}
