// Browser-safe: the zod schemas the web forms validate with, identical to the server's.
export {
  orderInputSchema,
  webOrderInputSchema,
  deliveryContactSchema,
  ORDER_QUANTITY_LIMIT,
  orderFingerprint,
  type OrderInput,
  type OrderView,
} from "./order/order-schema.ts";
export { leadInputSchema, leadFingerprint, type LeadInput, type LeadView } from "./lead/lead-schema.ts";
export type { OperationView } from "./records/find-operation.ts";
export { REJECTION_CODES, type RejectionBody, type RejectionCode } from "./business-rejection.ts";
export { operations, OPERATION_TYPES, procedurePath, type OperationType } from "./registry.ts";
