// order.cancel, POST /api/v1/orders/{number}/cancellation: the server half of the customer's
// cancellation (before the order is packed). The commit that added this operation is the example
// ARCHITECTURE.md's "Adding an operation" points to.
import { z } from "zod";
import { cancellationInputSchema, cancellationViewSchema } from "../order/cancellation-schema.ts";
import { cancellationOperation } from "../order/cancel-order.ts";
import { reject } from "../business-rejection.ts";
import { protocolCases } from "../rest/openapi/create-examples.ts";
import type { ExampleCase } from "../rest/openapi/example-case.ts";
import { problem, SAMPLE_CREATED_AT, SAMPLE_KEY } from "../rest/openapi/sample-values.ts";
import { IdempotencyError } from "@once/idempotency";
import type { ServerOperation } from "./define.ts";

const SAMPLE_EVENT_ID = "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f";
const params = { number: "SO-000042" };
const reason = { reason: "Ordered the wrong guide" };
const cancelled = { id: SAMPLE_EVENT_ID, number: params.number, status: "cancelled", reason: reason.reason, cancelledAt: SAMPLE_CREATED_AT };
const stored = "A business rejection is a final outcome: stored under the key and replayed (with `Idempotent-Replayed: true`).";

const cancellationCases: readonly ExampleCase[] = [
  ...protocolCases(
    { body: reason, response: cancelled },
    { reason: "Found it elsewhere" },
    {
      body: { reason: "" },
      response: problem(new IdempotencyError("VALIDATION_FAILED", "reason: reason is required", { fields: { reason: ["reason is required"] } })),
    },
    params,
  ),
  {
    name: "orderNotFound",
    summary: "No order of this session with this number",
    description: `Another customer's order answers the same. ${stored}`,
    status: 404,
    key: SAMPLE_KEY,
    params: { number: "SO-999999" },
    body: reason,
    response: reject("ORDER_NOT_FOUND", "you have no order with this number").body,
  },
  {
    name: "alreadyPacked",
    summary: "The order is already packed",
    description: `Staff packed (or shipped) it first. ${stored}`,
    status: 422,
    key: SAMPLE_KEY,
    params,
    body: reason,
    response: reject("ALREADY_PACKED", "this order is already being packed or on its way and can no longer be cancelled").body,
  },
  {
    name: "alreadyCancelled",
    summary: "The order is already cancelled",
    description: `Cancelled before, under another key or by staff. ${stored}`,
    status: 422,
    key: SAMPLE_KEY,
    params,
    body: reason,
    response: reject("ALREADY_CANCELLED", "this order is already cancelled").body,
  },
];

export const cancellationDefinition = {
  type: "cancellation",
  settings: "order",
  build: () => cancellationOperation(),
  rest: { method: "POST", path: "/orders/{number}/cancellation" },
  openapi: {
    operationId: "cancelOrder",
    tag: "Orders",
    summary: "Cancel an order before it is packed",
    description:
      "The session that placed the order cancels it, with a reason (≤ 500 characters); its copies go back to stock and the order's timeline shows the cancellation. Once packed it can no longer be cancelled (`ALREADY_PACKED`); a second cancellation under a new key answers `ALREADY_CANCELLED`.",
    cases: cancellationCases,
    input: cancellationInputSchema,
    output: z.object(cancellationViewSchema.shape).meta({ id: "Cancellation", description: "A cancelled order, as the cancellation left it" }),
    parameters: { number: "The order's number, as its receipt shows it (SO-000042)" },
  },
  rejections: ["ORDER_NOT_FOUND", "ALREADY_PACKED", "ALREADY_CANCELLED"],
} satisfies ServerOperation<"cancellation", "order">;
