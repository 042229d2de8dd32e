// Every REST handler ends here: protocol refusals become their problem+json (a 401 of the
// customer API with its WWW-Authenticate challenge), a database outage (failover) a retryable
// 503 with Retry-After (app-error.ts), anything unexpected a 500 problem that
// reveals nothing but the request id (the server's log line with the same id holds the
// detail), and says a retry with the same key is safe.
import { isProblemError } from "@once/idempotency";
import { AppError, databaseOutageError } from "../app-error.ts";
import { problemResponse } from "@once/idempotency/http";
import { internalErrorMessage, requestIdOf } from "../request/request-id.ts";
import { BearerChallenge } from "./bearer-challenge.ts";
import type { RestDeps } from "./rest-context.ts";

export async function withProblemResponses(request: Request, deps: RestDeps, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BearerChallenge) return problemResponse(error, { "www-authenticate": error.challenge });
    if (isProblemError(error)) return problemResponse(error);
    const requestId = requestIdOf(request.headers);
    const outage = databaseOutageError(error);
    if (outage) {
      deps.log?.("rest.database_unavailable", { requestId, err: error instanceof Error ? error.message : String(error) });
      return problemResponse(outage, { "x-request-id": requestId });
    }
    deps.log?.("rest.unexpected_error", { requestId, err: error instanceof Error ? error : String(error) });
    return problemResponse(new AppError("INTERNAL", `${internalErrorMessage(requestId)}; retrying with the same operation key is safe`), {
      "x-request-id": requestId,
    });
  }
}
