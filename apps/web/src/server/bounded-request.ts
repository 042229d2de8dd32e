// Route handlers that hand the request to a library (tRPC, better-auth) read the body through
// this first, so the body limit is the same as REST's: a declared Content-Length over
// MAX_BODY_BYTES is refused before a byte is read, a chunked body as soon as it passes it.
import "server-only";
import { IdempotencyError } from "@once/idempotency";
import { problemResponse, readBodyLimited } from "@once/idempotency/http";
import { env } from "~/env";

/** The same request with its body read into memory, or the 413 to answer instead. */
export async function boundedRequest(request: Request): Promise<Request | Response> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  try {
    const body = await readBodyLimited(request, env.MAX_BODY_BYTES);
    return new Request(request, { body, duplex: "half" } as RequestInit);
  } catch (error) {
    if (error instanceof IdempotencyError) return problemResponse(error);
    throw error;
  }
}
