// Reads a JSON request body with the checks a REST endpoint owes its callers: the media type
// (415), the size limit (413, enforced while reading, not after) and well-formed JSON (400).
import { IdempotencyError } from "../shared/errors.ts";

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/** A request's media type, lower-cased without parameters ("" when it sent none). */
export const mediaTypeOf = (headers: Headers): string => (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/** application/json or any application/…+json. */
export const isJsonMediaType = (mediaType: string): boolean => /^application\/([a-z0-9.+-]*\+)?json$/.test(mediaType);

export async function readJsonBody(request: Request, maxBytes: number = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const mediaType = mediaTypeOf(request.headers);
  if (!isJsonMediaType(mediaType)) {
    throw new IdempotencyError("UNSUPPORTED_MEDIA_TYPE", `send the body as application/json (got ${mediaType || "no Content-Type"})`);
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(await readBodyLimited(request, maxBytes));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new IdempotencyError("VALIDATION_FAILED", "the body is not valid JSON");
  }
}

/**
 * The raw body, refused with PAYLOAD_TOO_LARGE before reading when Content-Length says it is
 * too large, and as soon as the bytes read pass the limit otherwise (chunked uploads).
 */
export async function readBodyLimited(request: Request, maxBytes: number = DEFAULT_MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): IdempotencyError {
  return new IdempotencyError("PAYLOAD_TOO_LARGE", `the body is larger than ${maxBytes} bytes`);
}
