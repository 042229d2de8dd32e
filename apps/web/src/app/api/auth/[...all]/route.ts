// Staff sign-in, sign-out and session endpoints (better-auth), behind the same body limit as
// every write path and a sign-in limit shared by all nodes: attempts per client address per
// minute, and per account wrong passwords in a row back off exponentially (server/sign-in-limit.ts).
import { toNextJsHandler } from "better-auth/next-js";
import { boundedRequest } from "~/server/bounded-request";
import { getAuth } from "~/server/auth";
import { limitSignIn } from "~/server/sign-in-limit";

export const dynamic = "force-dynamic";

async function handler(incoming: Request): Promise<Response> {
  const request = await boundedRequest(incoming);
  if (request instanceof Response) return request;
  if (request.method === "POST" && new URL(request.url).pathname.endsWith("/sign-in/email")) {
    return limitSignIn(request, (checked) => getAuth().handler(checked));
  }
  return getAuth().handler(request);
}

export const { GET, POST } = toNextJsHandler(handler);
