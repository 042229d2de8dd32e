// The named parts of the description: schemas (the handlers' own zod schemas, and the problem
// document), response headers and security schemes. zod-openapi turns each into a component
// and every use into a $ref.
import { z } from "zod";
import "zod-openapi";
import { idempotencyErrors, OPERATION_KEY_RULE } from "@once/idempotency";
import { PROBLEM_TYPE_BASE } from "@once/idempotency/http";
import { appErrors, DASHBOARD_ONLY_CODES } from "../../app-error.ts";
import { REJECTION_CODES } from "../../business-rejection.ts";
import { leadInputSchema, leadViewSchema } from "../../lead/lead-schema.ts";
import { operationViewSchema } from "../../records/find-operation.ts";
import { orderInputSchema, orderViewSchema } from "../../order/order-schema.ts";
import { SESSION_COOKIE } from "../../session/customer-session.ts";
import { httpErrors } from "../http-errors.ts";

// Stale edits and staff-account refusals belong to the staff dashboard, which this API does not offer.
const apiAppErrors = Object.keys(appErrors).filter((code) => !DASHBOARD_ONLY_CODES.has(code));
export const PROBLEM_CODES = [...Object.keys(idempotencyErrors), ...apiAppErrors, ...Object.keys(httpErrors), ...REJECTION_CODES] as [string, ...string[]];

export const problemSchema = z
  .object({
    type: z.url().meta({ description: `${PROBLEM_TYPE_BASE} followed by the code in kebab case` }),
    title: z.string(),
    status: z.int().min(400).max(599),
    code: z.enum(PROBLEM_CODES).meta({ description: "Stable: branch on this, never on title or detail" }),
    detail: z.string(),
    retryable: z.boolean().meta({ description: "true: send the same request with the same key again (after Retry-After when given)" }),
    boundTo: z
      .object({ status: z.int().min(100).max(599), resultId: z.string().nullable(), outcome: z.enum(["completed", "rejected"]) })
      .optional()
      .meta({ description: "IDEMPOTENCY_KEY_REUSED only: what the key is already bound to" }),
    fields: z.record(z.string(), z.array(z.string())).optional().meta({ description: "VALIDATION_FAILED only: the messages of each bad field" }),
    retryAfter: z.int().min(0).optional().meta({ description: "Seconds to wait; also sent as the Retry-After header" }),
  })
  .meta({ id: "Problem", description: "An RFC 9457 problem document: every error of this API" });

export const sessionSchema = z
  .object({
    token: z.string().meta({ description: "Opaque; send it as `Authorization: Bearer <token>`" }),
    tokenType: z.literal("Bearer"),
    expiresIn: z.int().min(0).meta({ description: "Seconds until the token expires" }),
  })
  .meta({ id: "Session" });

// The answers' schemas carry their component names here, on copies of their shapes, so the
// shared schemas (bundled into the browser too) stay free of documentation metadata.
const orderSchema = z.object(orderViewSchema.shape).meta({ id: "Order", description: "An order, as created" });
const leadSchema = z.object(leadViewSchema.shape).meta({ id: "Lead", description: "An inquiry, as created" });

/** The first body of an operation is one of these, or nothing once expired. */
const operationSchema = operationViewSchema
  .extend({ result: z.union([orderSchema, leadSchema, problemSchema]).nullable().meta({ description: "The first response body; null once expired" }) })
  .meta({ id: "Operation", description: "One of your operations: its outcome, result id and first body" });

const { minLength, maxLength, characters } = OPERATION_KEY_RULE;
const bareKey = `[${characters}]{${minLength},${maxLength}}`;
/** The key bare or as an RFC 8941 sf-string (`"…"`), as the server reads it. */
export const KEY_HEADER_PATTERN = `^(${bareKey}|"${bareKey}")$`;

const header = (id: string, schema: z.ZodType, description: string) => schema.meta({ header: { id, description } });

export const headers = {
  requestId: header("X-Request-Id", z.string(), "Identifies this request in the server's logs; quote it when reporting a problem"),
  retryAfter: header("Retry-After", z.string().regex(/^\d+$/), "Seconds to wait before sending the same request again"),
  replayed: header("Idempotent-Replayed", z.literal("true"), "Present on a replay: the first outcome of this key, sent again"),
  challenge: header(
    "WWW-Authenticate",
    z.string(),
    `How to authenticate: \`Bearer realm="once"\`, with \`error="invalid_token"\` when the token sent was not accepted`,
  ),
  setCookie: header("Set-Cookie", z.string(), `The ${SESSION_COOKIE} cookie, when the caller holds no valid session cookie`),
};

/** Request bodies stay inline: zod-openapi renders a named component in both directions, and the inputs' transforms (trimming, normalising) have no output form. */
export const inputs = { order: orderInputSchema, lead: leadInputSchema };

export const schemas = { Order: orderSchema, Lead: leadSchema, Operation: operationSchema, Problem: problemSchema, Session: sessionSchema };

export const securitySchemes = {
  bearer: { type: "http" as const, scheme: "bearer", description: "The token from POST /api/v1/sessions" },
  cookie: { type: "apiKey" as const, in: "cookie" as const, name: SESSION_COOKIE, description: "The session cookie browsers get" },
};

/** A customer session, as a bearer token or the cookie. */
export const customerSecurity: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
