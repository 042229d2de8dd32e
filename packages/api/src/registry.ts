// The browser-safe half of each exactly-once operation: its type, input schema, fingerprint
// fields and the tRPC procedure it is sent to. The server half (business function, settings,
// REST route, OpenAPI text) is in ./definitions/, which derives the tRPC procedures, the REST
// handlers, the OpenAPI paths and the metrics route templates from both halves. The browser's
// submission engine and transport take this half only (through ./schemas.ts): schemas, no server code.
import { defineOperations } from "@once/idempotency";
import { leadFingerprint, leadInputSchema } from "./lead/lead-schema.ts";
import { cancellationFingerprint, cancellationInputSchema } from "./order/cancellation-schema.ts";
import { orderFingerprint, orderInputSchema } from "./order/order-schema.ts";

export const operations = defineOperations({
  order: { input: orderInputSchema, fingerprint: orderFingerprint, procedure: ["order", "create"] },
  lead: { input: leadInputSchema, fingerprint: leadFingerprint, procedure: ["lead", "submit"] },
  cancellation: { input: cancellationInputSchema, fingerprint: cancellationFingerprint, procedure: ["order", "cancel"] },
});

export type OperationType = (typeof operations.types)[number];
export const OPERATION_TYPES = operations.types;

/** "router.procedure" of an operation type, as tRPC's HTTP paths name it (the service worker posts there). */
export const procedurePath = (type: OperationType): string => operations.specs[type].procedure.join(".");
