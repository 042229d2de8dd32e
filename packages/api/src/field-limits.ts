// The longest text each form field accepts, in characters: one table for the server's schemas
// (./lead/lead-schema.ts, ./order/order-schema.ts) and the web forms' `maxlength` and counters,
// so nothing longer than the server accepts can be typed. Browser-safe and dependency-free.
export const FIELD_LIMITS = {
  name: 50,
  /** As typed, before spaces and dashes are dropped (the number itself: lead/lead-schema.ts, PHONE_PATTERN). */
  phone: 20,
  address: 300,
  content: 1000,
  email: 254,
  company: 100,
  item: 80,
  /** Why a customer cancels an order (sample_order.cancel_reason, also the staff's reason). */
  reason: 500,
} as const;
