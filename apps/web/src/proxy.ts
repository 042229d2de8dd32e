// Gives every browser an anonymous customer session before it sees a form, so the first
// submission already carries its principal: a lost response can then be retried under the
// same scope. (Minting the session during a mutation would lose it with the response.)
import { NextResponse, type NextRequest } from "next/server";
import { createCustomerSession, SESSION_COOKIE, sessionCookie, verifyCustomerToken } from "@once/api/session";
import { env } from "~/env";

export async function proxy(request: NextRequest) {
  const current = request.cookies.get(SESSION_COOKIE)?.value;
  if (await verifyCustomerToken(env.SESSION_SECRET, current)) return NextResponse.next();
  const session = await createCustomerSession(env.SESSION_SECRET);
  // Let this very request see the new session too (server components read it).
  const forwarded = new Headers(request.headers);
  forwarded.set("cookie", `${SESSION_COOKIE}=${session.token}`);
  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.append("set-cookie", sessionCookie(session.token, { secure: env.NODE_ENV === "production" && env.SECURE_COOKIES }));
  return response;
}

export const config = {
  // Pages only: API clients get sessions from POST /api/v1/sessions.
  matcher: ["/((?!api/|_next/|favicon.ico).*)"],
};
