import { staffFromHeaders } from "@once/auth";
import { exportLeadsCsvHandler } from "@once/api/rest";
import { getAuth } from "~/server/auth";
import { restDeps } from "~/server/rest-deps";
import { customerIdFromRequest } from "~/server/session";

export const dynamic = "force-dynamic";
export async function GET(request: Request) {
  const [staff, customerId] = await Promise.all([staffFromHeaders(getAuth(), request.headers), customerIdFromRequest(request.headers)]);
  return exportLeadsCsvHandler(request, staff, customerId !== null, restDeps());
}
