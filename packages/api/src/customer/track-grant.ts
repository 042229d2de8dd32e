// Proof, for a few minutes, that this browser gave the right phone for a tracking number: the
// look-up form posts the number and phone once (apps/web's /track/look-up), and the page it
// redirects to (/track/{number}) shows the record to the browser holding this grant. The phone
// never travels in an address, and nothing about it is stored: the grant names the number and
// when it ends, signed with SESSION_SECRET (../session/customer-session.ts), so every node can
// check it and nobody can mint one for another number.
import { signPayload, verifyPayload, type SessionSigning } from "../session/customer-session.ts";
import { parseTrackingNumber } from "./track.ts";

/** The cookie that carries the grant (Path=/track, httpOnly). */
export const TRACK_GRANT_COOKIE = "once_track";
/** How long a look-up lets its browser see the record without asking for the phone again. */
export const TRACK_GRANT_SECONDS = 15 * 60;
const VERSION = "tg1";

/** A grant for this tracking number (as the customer typed it: its canonical form is signed). */
export async function grantTracking(signing: string | SessionSigning, rawNumber: string, now = Date.now()): Promise<string | null> {
  const number = canonical(rawNumber);
  if (!number) return null;
  return signPayload(signing, `${VERSION}.${number}.${Math.floor(now / 1000) + TRACK_GRANT_SECONDS}`);
}

/** Whether `token` is a valid, unexpired grant for this tracking number. */
export async function holdsGrant(signing: string | SessionSigning, token: string | undefined, rawNumber: string, now = Date.now()): Promise<boolean> {
  const number = canonical(rawNumber);
  if (!token || token.length > 200 || !number) return false;
  const payload = await verifyPayload(signing, token);
  const [version, granted, expires] = payload?.split(".") ?? [];
  return version === VERSION && granted === number && Number(expires) > Math.floor(now / 1000);
}

/** "SO-000123" and "so-123" are one number: its kind and value. */
function canonical(rawNumber: string): string | null {
  const parsed = parseTrackingNumber(rawNumber);
  return parsed ? `${parsed.kind}-${parsed.value}` : null;
}
