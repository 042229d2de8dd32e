// Every REST handler ends here: protocol refusals become their problem+json, anything
// unexpected a 500 problem that reveals nothing (and says a retry with the same key is safe).
import { IdempotencyError } from "@once/idempotency";
import { problemResponse } from "@once/idempotency/http";
import type { RestDeps } from "./rest-context.ts";

export async function withProblemResponses(deps: RestDeps, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof IdempotencyError) return problemResponse(error);
    deps.log?.("rest.unexpected_error", { error: error instanceof Error ? error.message : String(error) });
    return problemResponse(new IdempotencyError("INTERNAL", "the request failed on the server; retrying with the same operation key is safe"));
  }
}
