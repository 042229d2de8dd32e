// The tRPC endpoint. Before tRPC sees a request: the body limit (MAX_BODY_BYTES, 413) and a
// cap on batching (a batch of mutations is the easiest way to multiply one request's effect).
// Every answer is `no-store` (customer history and staff lists carry personal data), a
// rate-limited one carries Retry-After, and an unexpected failure is logged with the request
// id that the answer also carries, and nothing else.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@once/api";
import { IdempotencyError } from "@once/idempotency";
import { problemResponse } from "@once/idempotency/http";
import { requestIdOf } from "@once/api/request";
import { boundedRequest } from "~/server/bounded-request";
import { createRequestContext } from "~/server/context";
import { logger } from "~/server/logger";

/** Procedures one HTTP request may carry: mutations (POST) and queries (GET). */
const MAX_BATCH = { POST: 1, GET: 16 } as const;

function batchSize(request: Request): number {
  const path = new URL(request.url).pathname.replace(/^\/api\/trpc\/?/, "");
  return path.split(",").length;
}

async function handler(incoming: Request): Promise<Response> {
  const cap = incoming.method === "POST" ? MAX_BATCH.POST : MAX_BATCH.GET;
  if (batchSize(incoming) > cap) {
    return problemResponse(new IdempotencyError("VALIDATION_FAILED", `at most ${cap} procedure${cap === 1 ? "" : "s"} per ${incoming.method} request`));
  }
  const req = await boundedRequest(incoming);
  if (req instanceof Response) return req;
  const requestId = requestIdOf(req.headers);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createRequestContext(req.headers),
    responseMeta: ({ errors }) => {
      const headers = new Headers({ "cache-control": "no-store", "x-request-id": requestId });
      const retryAfter = errors.map(protocolRetryAfter).find((seconds) => seconds !== undefined);
      if (retryAfter !== undefined) headers.set("retry-after", String(retryAfter));
      return { headers };
    },
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error({ requestId, path, err: error.cause ?? error }, "trpc.internal_error");
    },
  });
}

/** ProtocolTRPCError (rate limits, 409 in progress) carries the contract's Retry-After. */
function protocolRetryAfter(error: unknown): number | undefined {
  return (error as { protocol?: { retryAfterSeconds?: number } }).protocol?.retryAfterSeconds;
}

export { handler as GET, handler as POST };
