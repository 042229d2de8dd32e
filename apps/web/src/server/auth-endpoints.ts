// Which of better-auth's endpoints this product serves. The dashboard signs in, signs out and
// reads its session; accounts, passwords, names and roles are managed by admins (the staff page
// and `pnpm staff`), which apply the product's password policy and field rules. better-auth's
// self-service endpoints (change-password, update-user, verify-password, change-email,
// delete-user, list and revoke sessions, reset-password …) would skip those rules and every
// limit, so they are closed: 404, as if they did not exist.
// Every POST must be JSON (what the dashboard sends): a form body would reach better-auth but
// hide the account from the sign-in limit (sign-in-limit.ts).
import "server-only";
import { IdempotencyError } from "@once/idempotency";
import { problemResponse } from "@once/idempotency/http";
import { unknownEndpoint } from "@once/api/rest";

const OPEN: Record<string, readonly string[]> = {
  "/sign-in/email": ["POST"],
  "/sign-out": ["POST"],
  "/get-session": ["GET"],
};

/** The answer that refuses `request` before better-auth sees it, or null to let it through. */
export function refusedAuthRequest(request: Request): Response | null {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "").replace(/\/+$/, "");
  if (!OPEN[path]?.includes(request.method)) return unknownEndpoint(request);
  const mediaType = request.headers.get("content-type")?.split(";", 1)[0]?.trim().toLowerCase();
  // A body-less POST (the client's sign-out may send none) has nothing to hide.
  const hasBody = request.headers.has("transfer-encoding") || (request.headers.get("content-length") ?? "0") !== "0";
  if (request.method === "POST" && mediaType !== "application/json" && (mediaType !== undefined || hasBody)) {
    return problemResponse(new IdempotencyError("UNSUPPORTED_MEDIA_TYPE", "send the body as application/json"));
  }
  return null;
}
