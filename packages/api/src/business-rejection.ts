// A business rule said no (unknown guide, out of stock, limit reached, an order past cancelling). Unlike a crash this is
// a final outcome: it is stored under the operation key and replayed as such. The table is the
// one list of rejection codes (the OpenAPI document and the web app's texts follow it).
import type { BusinessOutcome } from "@once/idempotency/server";
import { problemTypeFor } from "@once/idempotency/http";

export const rejections = {
  GUIDE_NOT_FOUND: { status: 404, title: "Unknown guide" },
  OUT_OF_STOCK: { status: 422, title: "Out of stock" },
  LIMIT_REACHED: { status: 422, title: "Quantity above this guide's limit" },
  DAILY_LIMIT_REACHED: { status: 422, title: "Daily limit reached" },
  ORDER_NOT_FOUND: { status: 404, title: "Unknown order" },
  ALREADY_PACKED: { status: 422, title: "Already packed" },
  ALREADY_CANCELLED: { status: 422, title: "Already cancelled" },
} as const;

export type RejectionCode = keyof typeof rejections;
export const REJECTION_CODES = Object.keys(rejections) as RejectionCode[];

/** A problem+json document (RFC 9457), stored and replayed as the operation's outcome. */
export interface RejectionBody {
  type: string;
  retryable: false;
  code: RejectionCode;
  title: string;
  detail: string;
  status: number;
}

export function reject(code: RejectionCode, detail: string): BusinessOutcome<never> {
  const { status, title } = rejections[code];
  return { outcome: "rejected", status, body: { type: problemTypeFor(code), title, status, code, detail, retryable: false } satisfies RejectionBody };
}
