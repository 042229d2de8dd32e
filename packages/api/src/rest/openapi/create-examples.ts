// Every documented case of the two exactly-once creates, POST /api/v1/orders and
// POST /api/v1/leads: first execution, replay, each refusal of the protocol, of the transport
// and of the business rules. docs/API.md tells the same cases in prose.
import { IdempotencyError } from "@once/idempotency";
import { PHONE_RULE } from "../../lead/lead-schema.ts";
import { DEFAULT_MAX_BODY_BYTES } from "@once/idempotency/http";
import { AppError } from "../../app-error.ts";
import { reject } from "../../business-rejection.ts";
import { DEFAULT_ORDER_RULES } from "../../order/order-rules.ts";
import { internalErrorMessage } from "../../request/request-id.ts";
import type { ExampleCase } from "./example-case.ts";
import { keyProblems, problem, SAMPLE_CREATED_AT, SAMPLE_KEY, SAMPLE_LEAD_ID, SAMPLE_ORDER_ID, SAMPLE_REQUEST_ID } from "./sample-values.ts";

const unauthenticated = problem(
  new AppError("UNAUTHENTICATED", "send a customer session: Authorization: Bearer <token> from POST /api/v1/sessions, or its cookie"),
);
const rateLimited = problem(new AppError("RATE_LIMITED", "too many requests from this session; retry later", { retryAfterSeconds: 42 }));
const replaysLimited = problem(new AppError("RATE_LIMITED", "too many replays from this session; retry later", { retryAfterSeconds: 42 }));
const internal = problem(new AppError("INTERNAL", `${internalErrorMessage(SAMPLE_REQUEST_ID)}; retrying with the same operation key is safe`));
const tooLarge = problem(new IdempotencyError("PAYLOAD_TOO_LARGE", `the body is larger than ${DEFAULT_MAX_BODY_BYTES} bytes`));
const notJson = problem(new IdempotencyError("UNSUPPORTED_MEDIA_TYPE", "send the body as application/json (got text/plain)"));
const rejection = (outcome: ReturnType<typeof reject>) => outcome.body;

/**
 * The cases every exactly-once operation has, around its first execution `created`; `params`
 * are its path parameters (the same in every case).
 */
export function protocolCases(
  created: { body: unknown; response: unknown },
  otherParameters: unknown,
  invalid: { body: unknown; response: unknown },
  params?: Record<string, string>,
): ExampleCase[] {
  const key = SAMPLE_KEY;
  const cases: ExampleCase[] = [
    { name: "created", summary: "First execution", status: 201, key, body: created.body, response: created.response },
    {
      name: "replayed",
      summary: "Replay: the same key and body again",
      description: "After `created` finished: the first status and the byte-identical body, with `Idempotent-Replayed: true`. Nothing runs again.",
      status: 201,
      key,
      body: created.body,
      response: created.response,
    },
    {
      name: "quotedKey",
      summary: "The key as a structured-field string",
      description: '`Idempotency-Key: "…"` (RFC 8941 sf-string) names the same key as the bare form.',
      status: 201,
      key: `"${key}"`,
      body: created.body,
      response: created.response,
    },
    {
      name: "keyMissing",
      summary: "No Idempotency-Key",
      status: 400,
      body: created.body,
      response: keyProblems.missing,
    },
    {
      name: "keyInvalid",
      summary: "A malformed Idempotency-Key",
      status: 400,
      body: created.body,
      invalid: { headers: { "Idempotency-Key": "short" } },
      response: keyProblems.invalid,
    },
    { name: "validationFailed", summary: "A body that breaks the schema", status: 400, key, invalid: { body: invalid.body }, response: invalid.response },
    { name: "unauthenticated", summary: "No session", status: 401, key, body: created.body, invalid: { anonymous: true }, response: unauthenticated },
    {
      name: "inProgress",
      summary: "The same key while the first request still runs",
      description: `The first request with this key has not committed after the lock timeout (IDEMPOTENCY_LOCK_TIMEOUT_MS, 2 s by default). Retry the same request after Retry-After.`,
      status: 409,
      key,
      body: created.body,
      response: keyProblems.inProgress,
    },
    {
      name: "keyExpired",
      summary: "A key past retention",
      description: "The key's outcome is older than the retention (30 days at least): it answers 410 and never runs again.",
      status: 410,
      key,
      body: created.body,
      response: keyProblems.expired,
    },
    {
      name: "payloadTooLarge",
      summary: "A body over MAX_BODY_BYTES",
      description: `A body over ${DEFAULT_MAX_BODY_BYTES} bytes (MAX_BODY_BYTES) is refused before it is read.`,
      status: 413,
      key,
      response: tooLarge,
    },
    {
      name: "unsupportedMediaType",
      summary: "A body that is not JSON",
      status: 415,
      key,
      invalid: { headers: { "Content-Type": "text/plain" }, body: created.body },
      response: notJson,
    },
    {
      name: "keyReused",
      summary: "The same key with other parameters",
      description: "After `created`: the same key with another body is a conflict; the original is untouched and `boundTo` says what the key is bound to.",
      status: 422,
      key,
      body: otherParameters,
      response: problem(
        new IdempotencyError("IDEMPOTENCY_KEY_REUSED", "this operation key was already used with different parameters", {
          boundTo: { status: 201, resultId: (created.response as { id: string }).id, outcome: "completed" },
        }),
      ),
    },
    {
      name: "rateLimited",
      summary: "Over the write budget",
      description:
        "More new operations than RATE_LIMIT_WRITES_PER_MINUTE from this session (or RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE from this address). Retry the same request after Retry-After.",
      status: 429,
      key,
      body: created.body,
      response: rateLimited,
    },
    {
      name: "replayRateLimited",
      summary: "Over the replay budget",
      description:
        "Requests whose key already has an outcome spend a budget of their own, ten times the write budget: retrying a lost answer hard never locks a client out of new operations.",
      status: 429,
      key,
      body: created.body,
      response: replaysLimited,
    },
    {
      name: "internal",
      summary: "A server failure",
      description: "Nothing was stored; the detail names only the request id (also in X-Request-Id). Retry the same request.",
      status: 500,
      key,
      body: created.body,
      response: internal,
    },
  ];
  return params ? cases.map((c) => ({ ...c, params })) : cases;
}

const sampleOrder = { item: "sample-guide", quantity: 1 };
const order = (item: string, quantity: number) => ({
  id: SAMPLE_ORDER_ID,
  number: "SO-000042",
  item,
  quantity,
  status: "received",
  createdAt: SAMPLE_CREATED_AT,
});

export const orderCases: readonly ExampleCase[] = [
  ...protocolCases(
    { body: sampleOrder, response: order("sample-guide", 1) },
    { item: "sample-guide", quantity: 2 },
    {
      body: { item: "sample-guide", quantity: 6 },
      response: problem(new IdempotencyError("VALIDATION_FAILED", "quantity: quantity is at most 5", { fields: { quantity: ["quantity is at most 5"] } })),
    },
  ),
  {
    name: "withContact",
    summary: "First execution with a delivery contact",
    status: 201,
    key: SAMPLE_KEY,
    body: { item: "retry-patterns", quantity: 2, contact: { name: "Li Lei", phone: "+86 138 0000 0000", address: "1 Harbour Road, Shanghai" } },
    response: order("retry-patterns", 2),
  },
  ...(
    [
      ["guideNotFound", "An unknown guide", { item: "no-such-guide", quantity: 1 }, reject("GUIDE_NOT_FOUND", `there is no guide "no-such-guide"`)],
      [
        "limitReached",
        "More copies than the guide allows per order",
        { item: "lead-form-handbook", quantity: 4 },
        reject("LIMIT_REACHED", `at most 3 copies of "lead-form-handbook" per order`),
      ],
      [
        "outOfStock",
        "A guide out of stock",
        { item: "outbox-field-notes", quantity: 1 },
        reject("OUT_OF_STOCK", `not enough copies of "outbox-field-notes" in stock`),
      ],
    ] as const
  ).map(([name, summary, body, outcome]): ExampleCase => ({
    name,
    summary,
    description: "A business rejection is a final outcome: stored under the key and replayed (with `Idempotent-Replayed: true`).",
    status: outcome.status,
    key: SAMPLE_KEY,
    body,
    response: rejection(outcome),
  })),
  {
    name: "dailyLimitReached",
    summary: "Over the copies of one guide per day",
    description: `This session (or this delivery phone number) already ordered ${DEFAULT_ORDER_RULES.dailyCopiesPerGuide} copies of the guide in the last 24 hours (ORDER_DAILY_COPIES_PER_GUIDE). Stored and replayed like every business rejection.`,
    status: 422,
    key: SAMPLE_KEY,
    body: sampleOrder,
    response: rejection(
      reject("DAILY_LIMIT_REACHED", `at most ${DEFAULT_ORDER_RULES.dailyCopiesPerGuide} copies of "sample-guide" per customer and phone number in 24 hours`),
    ),
  },
];

const sampleLead = {
  name: "Li Lei",
  phone: "138 0000 0000",
  content: "Please send a quote for 20 copies.",
  email: "li.lei@example.com",
  company: "Harbour Trading",
};

const leadView = { id: SAMPLE_LEAD_ID, number: "LD-000017", status: "new", createdAt: SAMPLE_CREATED_AT };

export const leadCases: readonly ExampleCase[] = [
  ...protocolCases(
    { body: sampleLead, response: leadView },
    { ...sampleLead, content: "Please send a quote for 50 copies." },
    {
      body: { name: "", phone: "x", content: "hi" },
      response: problem(
        new IdempotencyError("VALIDATION_FAILED", `name: name is required; phone: ${PHONE_RULE}`, {
          fields: { name: ["name is required"], phone: [PHONE_RULE] },
        }),
      ),
    },
  ),
  {
    name: "aboutGuide",
    summary: "An inquiry about a sample guide",
    description:
      "`guide` is the guide's slug, as an order's `item`: sales see which guide the inquiry is about, and an assignment rule may send such inquiries to its own people.",
    status: 201,
    key: SAMPLE_KEY,
    body: { ...sampleLead, guide: "sample-guide" },
    response: leadView,
  },
  {
    name: "guideNotFound",
    summary: "An inquiry about an unknown guide",
    description: "A business rejection is a final outcome: stored under the key and replayed (with `Idempotent-Replayed: true`).",
    status: 404,
    key: SAMPLE_KEY,
    body: { ...sampleLead, guide: "no-such-guide" },
    response: rejection(reject("GUIDE_NOT_FOUND", `there is no guide "no-such-guide"`)),
  },
];
