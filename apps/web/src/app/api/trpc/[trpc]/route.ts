// The tRPC endpoint. Before tRPC sees a request: the body limit (MAX_BODY_BYTES, 413), then
// server/trpc-gate.ts: a cap on batching counted as tRPC counts (a batch of mutations is the
// easiest way to multiply one request's effect), mutations from another origin, and input that
// holds a NUL or an unpaired surrogate. tRPC's own maxBatchSize holds the same cap.
// Every answer is `no-store` (customer history and staff lists carry personal data), a
// rate-limited one carries Retry-After, and an unexpected failure is logged with the request
// id that the answer also carries, and nothing else.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@once/api";
import { requestIdOf } from "@once/api/request";
import { boundedRequest } from "~/server/bounded-request";
import { createRequestContext } from "~/server/context";
import { logger } from "~/server/logger";
import { batchCap, refusedTrpcRequest } from "~/server/trpc-gate";

async function handler(incoming: Request): Promise<Response> {
  const req = await boundedRequest(incoming);
  if (req instanceof Response) return req;
  const refused = await refusedTrpcRequest(req);
  if (refused) return refused;
  const requestId = requestIdOf(req.headers);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    maxBatchSize: batchCap(req.method),
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
