// What the tRPC endpoint refuses before tRPC parses a byte, each as a problem document:
// - a batch larger than its cap, counted as tRPC counts it (the path is percent-decoded
//   before it is split at commas, and only `?batch=1` is a batch; tRPC's own maxBatchSize,
//   set by the route, is the backstop);
// - a mutation a browser sends from another origin (the JSON content type already stops a
//   plain form, but the server must not rely on that): unless Sec-Fetch-Site says
//   same-origin, an Origin that is neither the request's own nor one of the node's trusted
//   origins, or no Origin but a Sec-Fetch-Site naming another site;
// - a NUL byte or an unpaired surrogate anywhere in the input (PostgreSQL cannot store or
//   compare them, so a query would fail as a 500): 400, naming no internals.
import "server-only";
import { IdempotencyError } from "@once/idempotency";
import { problemResponse } from "@once/idempotency/http";
import { AppError } from "@once/api/errors";
import { trustedOrigins } from "./trusted-origins";

/** Procedures one HTTP request may carry: mutations (POST) and queries (GET). */
export const MAX_BATCH = { POST: 1, GET: 16 } as const;

export const batchCap = (method: string): number => (method === "POST" ? MAX_BATCH.POST : MAX_BATCH.GET);

/** The procedure path as tRPC reads it (percent-decoded), or null when it is malformed. */
function procedurePath(url: URL): string | null {
  try {
    return decodeURIComponent(url.pathname.replace(/^\/api\/trpc\/?/, ""));
  } catch {
    return null;
  }
}

/** How many procedures tRPC runs for this path: only `?batch=1` splits it at commas. */
export const procedureCount = (url: URL, path: string): number => (url.searchParams.get("batch") === "1" ? path.split(",").length : 1);

// A NUL or a surrogate that is not half of a pair (with the u flag a pair is one code point).
// eslint-disable-next-line no-control-regex -- finding NUL is what this is for
const UNSTORABLE = /\u0000|[\uD800-\uDFFF]/u;

/** Whether any string (or key) in the raw text or in the JSON it holds cannot be stored. */
export function holdsUnstorableText(raw: string): boolean {
  if (UNSTORABLE.test(raw)) return true;
  if (!raw.includes("\\u")) return false; // only a JSON escape can hide one
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return false; // tRPC refuses malformed JSON itself
  }
  // Iterative: a deeply nested input must not overflow the stack here.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (UNSTORABLE.test(next)) return true;
    } else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        if (UNSTORABLE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function isCrossOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  // The browser's own word, whatever a proxy did to Host and ports on the way.
  if (site === "same-origin") return false;
  const origin = request.headers.get("origin");
  if (origin !== null) return origin !== new URL(request.url).origin && !trustedOrigins().includes(origin);
  // No Origin: a client that is not a browser (browsers send one on every POST), unless it says
  // which site sent it, and that is not this one.
  return site !== null;
}

/** The refusal for this request (its body already read into memory), or null to let tRPC run it. */
export async function refusedTrpcRequest(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const cap = batchCap(request.method);
  const path = procedurePath(url);
  if (path === null) return problemResponse(new IdempotencyError("VALIDATION_FAILED", "the procedure path is not valid percent-encoding"));
  if (procedureCount(url, path) > cap) {
    return problemResponse(new IdempotencyError("VALIDATION_FAILED", `at most ${cap} procedure${cap === 1 ? "" : "s"} per ${request.method} request`));
  }
  if (request.method === "POST" && isCrossOrigin(request)) {
    return problemResponse(new AppError("FORBIDDEN", "mutations are accepted only from this site's own pages"));
  }
  const input = request.method === "POST" ? await request.clone().text() : (url.searchParams.get("input") ?? "");
  if (holdsUnstorableText(input) || holdsUnstorableText(path)) {
    return problemResponse(new IdempotencyError("VALIDATION_FAILED", "the input contains a NUL byte or an unpaired surrogate"));
  }
  return null;
}
