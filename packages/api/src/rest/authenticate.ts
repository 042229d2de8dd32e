import { customerPrincipal, readSessionToken, verifyCustomerToken, type SessionSigning } from "../session/customer-session.ts";
import { BearerChallenge } from "./bearer-challenge.ts";

/** The caller's principal from its bearer token or session cookie; 401 with a challenge otherwise. */
export async function authenticateCustomer(request: Request, secret: string | SessionSigning): Promise<{ customerId: string; principal: string }> {
  const token = readSessionToken(request.headers);
  const customerId = await verifyCustomerToken(secret, token);
  if (!customerId) {
    throw new BearerChallenge("send a customer session: Authorization: Bearer <token> from POST /api/v1/sessions, or its cookie", token !== null);
  }
  return { customerId, principal: customerPrincipal(customerId) };
}
