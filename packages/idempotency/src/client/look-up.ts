// What a look-up's answer means (the look-up comes before any resend, with the fingerprint of
// the parameters, so a key bound to other parameters shows as a conflict):
//
// | look-up answer                                   | meaning                                        |
// |--------------------------------------------------|------------------------------------------------|
// | record, fingerprintMatches false                 | conflict: IDEMPOTENCY_KEY_REUSED (422), boundTo |
// | record, outcome completed                        | confirmed: the stored result, as a replay      |
// | record, outcome rejected                         | final refusal: the stored code and status      |
// | record, outcome expired                          | final refusal: IDEMPOTENCY_KEY_EXPIRED (410)   |
// | 404: no record of this key for this principal    | never reached the server: send it (same key)   |
// | any other failure                                | as for a send (./classification.ts)            |
import { FinalRefusal } from "./outcome-errors.ts";
import type { Confirmation, OperationStatus } from "./transport.ts";

/** The confirmation a found record stands for; throws the FinalRefusal it stands for otherwise. */
export function confirmationOf(found: OperationStatus): Confirmation {
  if (found.fingerprintMatches === false) {
    throw new FinalRefusal("IDEMPOTENCY_KEY_REUSED", 422, { status: found.status ?? 0, resultId: found.resultId, outcome: found.outcome });
  }
  if (found.outcome === "completed") return { body: found.result, replayed: true };
  if (found.outcome === "expired") throw new FinalRefusal("IDEMPOTENCY_KEY_EXPIRED", 410);
  const stored = found.result as { code?: unknown } | null;
  throw new FinalRefusal(typeof stored?.code === "string" ? stored.code : "REJECTED", found.status ?? 0);
}

/** The look-up's 404: the server has no record of the key. */
export const NEVER_SEEN_STATUS = 404;
