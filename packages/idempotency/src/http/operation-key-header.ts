// Reads the operation key of a REST request: the `Idempotency-Key` header, plain or as the
// IETF draft's structured-field string ("..."), or the older lead form's body field `idemKey`.
// Both present and different is a client bug, refused with 400.
import { IdempotencyError } from "../shared/errors.ts";
import { isOperationKey, OPERATION_KEY_DESCRIPTION } from "../shared/operation-key.ts";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** Unwraps an RFC 8941 sf-string; returns null when the value is quoted but malformed. */
function parseHeaderValue(raw: string): string | null {
  const value = raw.trim();
  if (!value.startsWith('"')) return value;
  const match = /^"((?:[^"\\]|\\["\\])*)"$/.exec(value);
  return match ? match[1]!.replace(/\\(["\\])/g, "$1") : null;
}

export function readOperationKey(headers: Headers, body: unknown): string {
  const header = headers.get(IDEMPOTENCY_KEY_HEADER);
  const bodyKey = typeof body === "object" && body !== null && "idemKey" in body ? body.idemKey : undefined;

  let fromHeader: string | undefined;
  if (header !== null) {
    const parsed = parseHeaderValue(header);
    if (parsed === null || !isOperationKey(parsed)) throw invalidKey("the Idempotency-Key header");
    fromHeader = parsed;
  }
  let fromBody: string | undefined;
  if (bodyKey !== undefined && bodyKey !== null) {
    if (!isOperationKey(bodyKey)) throw invalidKey("the body field idemKey");
    fromBody = bodyKey;
  }
  if (fromHeader && fromBody && fromHeader !== fromBody) {
    throw new IdempotencyError("IDEMPOTENCY_KEY_INVALID", "the Idempotency-Key header and the body field idemKey differ; send one key");
  }
  const key = fromHeader ?? fromBody;
  if (!key) {
    throw new IdempotencyError("IDEMPOTENCY_KEY_MISSING", `send an operation key in the Idempotency-Key header (${OPERATION_KEY_DESCRIPTION})`);
  }
  return key;
}

function invalidKey(where: string): IdempotencyError {
  return new IdempotencyError("IDEMPOTENCY_KEY_INVALID", `${where} must be ${OPERATION_KEY_DESCRIPTION}`);
}
