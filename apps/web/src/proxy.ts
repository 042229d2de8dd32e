// Runs before every page (not API routes, not static files):
// 1. A Content-Security-Policy with a fresh nonce (Next puts it on its own scripts): scripts
//    only from this origin or carrying the nonce, never framed, no eval in production.
// 2. An anonymous customer session before the browser sees a form, so the first submission
//    already carries its principal and a lost response can be retried under the same scope
//    (minting the session during a mutation would lose it with the response). A valid token
//    past half its life, or signed with the previous secret, is re-signed for the same
//    customer. The JavaScript-readable `once_sid` tag lets the browser tell that its session
//    changed (it then never resends a pending submission under the new one).
import { NextResponse, type NextRequest } from "next/server";
import {
  createCustomerSession,
  inspectCustomerToken,
  needsRenewal,
  readSessionToken,
  sessionCookies,
  sessionTag,
  sessionTagCookie,
  SESSION_COOKIE,
  SECURE_SESSION_COOKIE,
  SESSION_TAG_COOKIE,
} from "@once/api/session";
import { contentSecurityPolicy } from "~/server/content-security-policy";
import { secureCookies, sessionSigning } from "~/server/session";

export async function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy(nonce);
  const forwarded = new Headers(request.headers);
  forwarded.set("x-nonce", nonce);
  forwarded.set("content-security-policy", csp);

  const signing = sessionSigning();
  const secure = secureCookies();
  const verified = await inspectCustomerToken(signing, readSessionToken(request.headers));
  let cookies: string[] = [];
  if (!verified || needsRenewal(verified, signing)) {
    const session = await createCustomerSession(signing, verified?.customerId);
    // Let this very request see the session too (server components read it), keeping every
    // other cookie it carries (a staff session must survive the customer session's minting).
    forwarded.set("cookie", withCookie(request.headers.get("cookie"), secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, session.token));
    cookies = await sessionCookies(session, { secure });
  } else if (request.cookies.get(SESSION_TAG_COOKIE)?.value !== (await sessionTag(verified.customerId))) {
    // A session from before the tag existed, or a tag someone changed: put the right one back.
    cookies = [await sessionTagCookie(verified, { secure })];
  }

  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.set("content-security-policy", csp);
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
}

/** The Cookie header with `name` set to `value`: any old session cookie dropped, the others kept. */
function withCookie(header: string | null, name: string, value: string): string {
  const others = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && ![SESSION_COOKIE, SECURE_SESSION_COOKIE].includes(part.split("=", 1)[0]!));
  return [...others, `${name}=${value}`].join("; ");
}

export const config = {
  // Pages only: API clients get sessions from POST /api/v1/sessions. Prefetches need no CSP.
  matcher: [
    {
      source: "/((?!api/|metrics|_next/static|_next/image|favicon.ico|icon.svg|apple-icon.png|manifest.webmanifest|sw.js|covers/|icons/).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
