// The exactly-once operations of this product, one entry each (type, input schema,
// fingerprint fields). The server's operations (order/create-order.ts, lead/submit-lead.ts),
// the REST and tRPC endpoints, the operation look-up and the browser's submission engine all
// take them from here. Browser-safe: schemas only.
import { defineOperations } from "@once/idempotency";
import { leadFingerprint, leadInputSchema } from "./lead/lead-schema.ts";
import { orderFingerprint, orderInputSchema } from "./order/order-schema.ts";

export const operations = defineOperations({
  order: { input: orderInputSchema, fingerprint: orderFingerprint },
  lead: { input: leadInputSchema, fingerprint: leadFingerprint },
});

export type OperationType = (typeof operations.types)[number];
export const OPERATION_TYPES = operations.types;
