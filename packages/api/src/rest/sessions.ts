// POST /api/v1/sessions: a new anonymous customer session, as a bearer token and a cookie.
import { createCustomerSession, SESSION_MAX_AGE_SECONDS, sessionCookie } from "../session/customer-session.ts";
import { withProblemResponses } from "./handle-errors.ts";
import type { RestDeps } from "./rest-context.ts";

export function createSessionHandler(_request: Request, deps: RestDeps): Promise<Response> {
  return withProblemResponses(deps, async () => {
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
