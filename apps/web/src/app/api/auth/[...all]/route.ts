// Staff sign-in, sign-out and session endpoints (better-auth), behind the same body limit as
// every write path. Only the endpoints the dashboard uses are open, JSON only
// (server/auth-endpoints.ts); sign-in is limited per address and per account on all nodes,
// without letting the account's backoff lock its holder out (server/sign-in-limit.ts).
import { toNextJsHandler } from "better-auth/next-js";
import { boundedRequest } from "~/server/bounded-request";
import { getAuth } from "~/server/auth";
import { refusedAuthRequest } from "~/server/auth-endpoints";
import { limitSignIn } from "~/server/sign-in-limit";

export const dynamic = "force-dynamic";

async function handler(incoming: Request): Promise<Response> {
  const refused = refusedAuthRequest(incoming);
  if (refused) return refused;
  const request = await boundedRequest(incoming);
  if (request instanceof Response) return request;
  if (request.method === "POST" && new URL(request.url).pathname.endsWith("/sign-in/email")) {
    return limitSignIn(request, (checked) => getAuth().handler(checked));
  }
  return getAuth().handler(request);
}

export const { GET, POST } = toNextJsHandler(handler);
