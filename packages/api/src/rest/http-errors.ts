// Refusals of the HTTP layer itself, answered as problem+json like every other error of the
// API: a method the endpoint does not support (405 with Allow, RFC 9110 §15.5.6) and a path
// under /api/v1 that names no endpoint (404).
import { defineProblems } from "@once/idempotency";
import { problemResponse } from "@once/idempotency/http";
import { AppError } from "../app-error.ts";

export const httpErrors = {
  METHOD_NOT_ALLOWED: { status: 405, retryable: false, title: "Method not allowed" },
} as const;

class HttpError extends defineProblems("HttpError", httpErrors) {}

type Handler = (request: Request) => Response;

function refusals(allowed: readonly string[]) {
  const allow = allowed.join(", ");
  const implemented = allowed.filter((m) => m !== "HEAD" && m !== "OPTIONS").join(" or ");
  return {
    notAllowed: ((request) =>
      problemResponse(new HttpError("METHOD_NOT_ALLOWED", `${request.method} is not supported here; use ${implemented}`), { allow })) as Handler,
    // Next's automatic OPTIONS would list the refusing handlers as allowed too.
    options: (() => new Response(null, { status: 204, headers: { allow, "cache-control": "no-store" } })) as Handler,
  };
}

/** The other methods of an endpoint that only takes POST: 405 with `Allow` and a problem body. */
export function postOnly() {
  const { notAllowed, options } = refusals(["POST", "OPTIONS"]);
  return { GET: notAllowed, HEAD: notAllowed, PUT: notAllowed, PATCH: notAllowed, DELETE: notAllowed, OPTIONS: options };
}

/** The other methods of an endpoint that only reads (Next answers HEAD from GET). */
export function getOnly() {
  const { notAllowed, options } = refusals(["GET", "HEAD", "OPTIONS"]);
  return { POST: notAllowed, PUT: notAllowed, PATCH: notAllowed, DELETE: notAllowed, OPTIONS: options };
}

/** Any method on a path under /api/v1 that names no endpoint. */
export function unknownEndpoint(request: Request): Response {
  const { pathname } = new URL(request.url);
  return problemResponse(new AppError("NOT_FOUND", `no endpoint ${request.method} ${pathname}; the endpoints are listed in /api/v1/openapi.json`));
}
