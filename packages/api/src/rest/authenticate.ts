import { AppError } from "../app-error.ts";
import { customerPrincipal, readSessionToken, verifyCustomerToken, type SessionSigning } from "../session/customer-session.ts";

/** The caller's principal from its bearer token or session cookie; 401 otherwise. */
export async function authenticateCustomer(request: Request, secret: string | SessionSigning): Promise<{ customerId: string; principal: string }> {
  const customerId = await verifyCustomerToken(secret, readSessionToken(request.headers));
  if (!customerId) {
    throw new AppError("UNAUTHENTICATED", "send a customer session: Authorization: Bearer <token> from POST /api/v1/sessions, or its cookie");
  }
  return { customerId, principal: customerPrincipal(customerId) };
}
