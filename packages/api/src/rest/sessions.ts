// POST /api/v1/sessions: a new anonymous customer session, as a bearer token (and a cookie for
// clients that have none yet; see docs/API.md).
// A session is the principal of every operation, so this endpoint must never be usable to
// swap a browser's session from another site: anything but a JSON (or empty, untyped) body is
// 415, which every HTML form is; a request another site's page made is 403; and a caller that
// already holds a valid session cookie gets the token but keeps its cookie.
import { IdempotencyError } from "@once/idempotency";
import { isJsonMediaType, mediaTypeOf } from "@once/idempotency/http";
import { AppError } from "../app-error.ts";
import { clientAddressOf } from "../limits/client-address.ts";
import { createCustomerSession, readSessionToken, sessionCookies, verifyCustomerToken } from "../session/customer-session.ts";
import { withProblemResponses } from "./handle-errors.ts";
import type { RestDeps } from "./rest-context.ts";

function refuseNonJson(request: Request): void {
  const mediaType = mediaTypeOf(request.headers);
  const declaredLength = request.headers.get("content-length");
  const hasBody = request.headers.has("transfer-encoding") || (declaredLength !== null && declaredLength !== "0");
  if (mediaType ? !isJsonMediaType(mediaType) : hasBody) {
    throw new IdempotencyError("UNSUPPORTED_MEDIA_TYPE", `send no body or an application/json one (got ${mediaType || "a body without Content-Type"})`);
  }
}

export function createSessionHandler(request: Request, deps: RestDeps): Promise<Response> {
  return withProblemResponses(request, deps, async () => {
    refuseNonJson(request);
    // Browsers say where a request comes from; API clients send no such header.
    if (request.headers.get("sec-fetch-site") === "cross-site") throw new AppError("FORBIDDEN", "sessions cannot be created from another site");
    const wait = deps.limits ? await deps.limits.take("session-address", clientAddressOf(request.headers)) : null;
    if (wait !== null) throw new AppError("RATE_LIMITED", "too many new sessions from this address; retry later", { retryAfterSeconds: wait });

    const session = await createCustomerSession(deps.sessionSecret);
    const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
    const holdsSession = (await verifyCustomerToken(deps.sessionSecret, readSessionToken(request.headers))) !== null;
    if (!holdsSession) for (const cookie of await sessionCookies(session, { secure: deps.secureCookies })) headers.append("set-cookie", cookie);
    const expiresIn = session.expiresAt - Math.floor(Date.now() / 1000);
    return new Response(JSON.stringify({ token: session.token, tokenType: "Bearer", expiresIn }), { status: 201, headers });
  });
}
