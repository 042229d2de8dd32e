// A business rule said no (unknown guide, out of stock, limit reached). Unlike a crash this is
// a final outcome: it is stored under the operation key and replayed as such.
import type { BusinessOutcome } from "@once/idempotency/server";
import { problemTypeFor } from "@once/idempotency/http";

export type RejectionCode = "GUIDE_NOT_FOUND" | "OUT_OF_STOCK" | "LIMIT_REACHED" | "DAILY_LIMIT_REACHED";

const statusOf: Record<RejectionCode, number> = { GUIDE_NOT_FOUND: 404, OUT_OF_STOCK: 422, LIMIT_REACHED: 422, DAILY_LIMIT_REACHED: 422 };

/** A problem+json document (RFC 9457), stored and replayed as the operation's outcome. */
export interface RejectionBody {
  type: string;
  retryable: false;
  code: RejectionCode;
  title: string;
  detail: string;
  status: number;
}

export function reject(code: RejectionCode, title: string, detail: string): BusinessOutcome<never> {
  const status = statusOf[code];
  return { outcome: "rejected", status, body: { type: problemTypeFor(code), title, status, code, detail, retryable: false } satisfies RejectionBody };
}

export function isRejectionBody(value: unknown): value is RejectionBody {
  return typeof value === "object" && value !== null && "code" in value && "title" in value && "status" in value;
}
