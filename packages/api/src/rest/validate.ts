// One way for REST handlers to validate input: the parsed value, or a 400 VALIDATION_FAILED
// naming every bad field (also in `fields`, for clients that show them next to their inputs).
import { z } from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { IdempotencyError } from "@once/idempotency";

export function parseOrRefuse<S extends $ZodType>(schema: S, value: unknown, whenNoField: string): z.output<S> {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const fields = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
  const summary = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(", ")}`)
    .join("; ");
  throw new IdempotencyError("VALIDATION_FAILED", summary || whenNoField, { fields });
}
