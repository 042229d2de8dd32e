// A 401 from the customer API says how to authenticate (RFC 9110 §11.6.1, RFC 6750 §3): a
// bearer token, and `error="invalid_token"` when the one sent was not accepted (altered,
// expired, signed with a retired secret), so a client knows to create a new session rather
// than retry. The staff-only endpoints authenticate by cookie and send no challenge.
import { AppError } from "../app-error.ts";

export const BEARER_REALM = "once";

export class BearerChallenge extends AppError {
  readonly challenge: string;
  constructor(message: string, tokenSent: boolean) {
    super("UNAUTHENTICATED", message);
    this.challenge = tokenSent ? `Bearer realm="${BEARER_REALM}", error="invalid_token"` : `Bearer realm="${BEARER_REALM}"`;
  }
}
