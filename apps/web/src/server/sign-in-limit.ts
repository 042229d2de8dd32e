// The staff sign-in limit. Two budgets, both in the shared store (every node sees the same):
// - per client address (the address server.mjs established, never a header the client chose):
//   STAFF_SIGN_IN_PER_MINUTE attempts, right or wrong;
// - per account: after STAFF_SIGN_IN_FREE_FAILURES wrong passwords in a row, each further
//   attempt waits 1 s, 2 s, 4 s … up to 15 minutes; a correct password clears it.
// Unknown accounts are counted like known ones, so the answers say nothing about which exist.
//
// The account's backoff must not become a way to lock its holder out (one wrong attempt per
// 15 minutes from anywhere would do it). So a browser that signed in to the account before
// (the device cookie, staff-device.ts) skips the account's backoff: its attempts are bounded by
// the per-address budget and by failures of its own (at the free failures in a row it is
// forgotten and waits like any other). A new device of the holder waits out the backoff, or an
// admin's password reset on the staff page clears it.
//
// The account is read from the JSON body; the route refuses every other media type before this
// runs (auth-endpoints.ts), so no body better-auth accepts can hide the account from the count.
import "server-only";
import { clientAddressOf } from "@once/api/limits";
import { getRateLimits } from "./rate-limits";
import { deviceCookie, deviceKey, deviceOf, newDevice } from "./staff-device";

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
  const cookieDevice = deviceOf(request);
  const device = cookieDevice ? deviceKey(cookieDevice) : null;
  const known = account !== null && device !== null && (await limits.isKnownSignInDevice(account, device));
  if (account && !known) {
    const wait = await limits.signInBackoff(account);
    if (wait !== null) return tooManyAttempts(wait);
  }
  const response = await signIn(request);
  if (!account) return response;
  if (response.status === 200) {
    const kept = cookieDevice ?? newDevice();
    await Promise.all([limits.recordSignInSuccess(account), limits.rememberSignInDevice(account, deviceKey(kept))]);
    const answer = new Response(response.body, response);
    answer.headers.append("set-cookie", deviceCookie(kept));
    return answer;
  }
  if (response.status === 401) {
    if (known && device) await limits.recordKnownDeviceFailure(account, device);
    else await limits.recordSignInFailure(account);
  }
  return response;
}
