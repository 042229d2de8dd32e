// POST /track/look-up: the look-up form's target (../track-form.tsx), posted by the browser
// itself, with or without the page's scripts. The phone travels in this POST body only, never in
// an address that ends up in logs or the browser's history. The answer is a redirect (303, so a
// reload never posts again): to the record's page with a grant for it (@once/api's track-grant:
// this browser gave the right phone, for 15 minutes), or back to the form with the refusal's code
// (the same NOT_FOUND for no such number and another phone; @once/api's lookUpByPhone, limited
// per client address and per number). A plain route rather than a server function: those put
// Next's server-action client into every page's first load.
import { headers } from "next/headers";
import { grantTracking, lookUpByPhone, TRACK_GRANT_COOKIE, TRACK_GRANT_SECONDS } from "@once/api";
import { clientAddressOf } from "@once/api/limits";
import { FIELD_LIMITS } from "@once/api/field-limits";
import { boundedRequest } from "~/server/bounded-request";
import { prisma } from "~/server/prisma";
import { getRateLimits } from "~/server/rate-limits";
import { secureCookies, sessionSigning } from "~/server/session";

/** Longer than any tracking number ("SO-" and ten digits): a longer one is refused as malformed. */
const NUMBER_MAX = 40;

const field = (form: FormData | null, name: string, max: number) => {
  const value = form?.get(name);
  return typeof value === "string" ? value.slice(0, max + 1) : "";
};

const seeOther = (location: string, cookie?: string) =>
  new Response(null, { status: 303, headers: { location, "cache-control": "no-store", ...(cookie ? { "set-cookie": cookie } : {}) } });

export async function POST(request: Request): Promise<Response> {
  const bounded = await boundedRequest(request); // MAX_BODY_BYTES, as every body
  if (bounded instanceof Response) return bounded;
  const form = await bounded.formData().catch(() => null);
  const number = field(form, "number", NUMBER_MAX).trim();
  // One character past the longest phone: long enough to be refused as too long, never more.
  const phone = field(form, "phone", FIELD_LIMITS.phone);
  const answer = await lookUpByPhone(prisma(), getRateLimits(), clientAddressOf(await headers()), { number, phone });
  if ("tracked" in answer) {
    const grant = await grantTracking(sessionSigning(), number);
    const secure = secureCookies() ? "; Secure" : "";
    return seeOther(
      `/track/${encodeURIComponent(answer.tracked.number)}`,
      `${TRACK_GRANT_COOKIE}=${grant}; Path=/track; Max-Age=${TRACK_GRANT_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  const back = new URLSearchParams({ number: number.slice(0, NUMBER_MAX), refusal: answer.refusal });
  if (answer.retryAfterSeconds) back.set("wait", String(answer.retryAfterSeconds));
  return seeOther(`/track?${back}`);
}
