// The staff sign-in limit. Two budgets, both in the shared store (every node sees the same):
// - per client address (the address server.mjs established, never a header the client chose):
//   STAFF_SIGN_IN_PER_MINUTE attempts, right or wrong;
// - per account: after STAFF_SIGN_IN_FREE_FAILURES wrong passwords in a row, each further
//   attempt waits 1 s, 2 s, 4 s … up to 15 minutes; a correct password clears it.
// Unknown accounts are counted like known ones, so the answers say nothing about which exist.
import "server-only";
import { clientAddressOf } from "@once/api/limits";
import { getRateLimits } from "./rate-limits";

function tooManyAttempts(seconds: number): Response {
  return Response.json(
    { code: "TOO_MANY_REQUESTS", message: "Too many sign-in attempts. Try again later." },
    { status: 429, headers: { "retry-after": String(seconds), "cache-control": "no-store" } },
  );
}

async function accountOf(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.trim().toLowerCase().slice(0, 254) : null;
  } catch {
    return null;
  }
}

export async function limitSignIn(request: Request, signIn: (request: Request) => Promise<Response>): Promise<Response> {
  const limits = getRateLimits();
  const perAddress = await limits.take("sign-in-address", clientAddressOf(request.headers));
  if (perAddress !== null) return tooManyAttempts(perAddress);
  const account = await accountOf(request);
  if (account) {
    const wait = await limits.signInBackoff(account);
    if (wait !== null) return tooManyAttempts(wait);
  }
  const response = await signIn(request);
  if (account && response.status === 200) await limits.recordSignInSuccess(account);
  else if (account && response.status === 401) await limits.recordSignInFailure(account);
  return response;
}
