// POST /api/v1/sessions: a new anonymous customer session, as a bearer token and a cookie.
import { IdempotencyError } from "@once/idempotency";
import { createCustomerSession, SESSION_MAX_AGE_SECONDS, sessionCookie } from "../session/customer-session.ts";
import { withProblemResponses } from "./handle-errors.ts";
import type { RestDeps } from "./rest-context.ts";

/** The client's address as the nearest proxy saw it (nginx sets X-Forwarded-For). */
function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "direct";
}

export function createSessionHandler(request: Request, deps: RestDeps): Promise<Response> {
  return withProblemResponses(deps, async () => {
    const wait = deps.rateLimit ? await deps.rateLimit("session", clientAddress(request)) : null;
    if (wait !== null) throw new IdempotencyError("RATE_LIMITED", "too many new sessions from this address; retry later", { retryAfterSeconds: wait });
    const session = await createCustomerSession(deps.sessionSecret);
    return new Response(JSON.stringify({ token: session.token, tokenType: "Bearer", expiresIn: SESSION_MAX_AGE_SECONDS }), {
      status: 201,
      headers: {
        "content-type": "application/json",
        "cache-control": "no-store",
        "set-cookie": sessionCookie(session.token, { secure: deps.secureCookies }),
      },
    });
  });
}
