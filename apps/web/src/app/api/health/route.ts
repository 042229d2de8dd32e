// GET /api/health: 200 when the database answers and every committed migration is applied,
// 503 otherwise. Kept as it was for existing monitors; load balancers and the cluster scripts
// now ask /api/health/ready (which also says "draining" while the node stops) and
// /api/health/live. Anonymous callers learn only the status (`{"status":"ok"}`); the details
// (database, migrations) are for monitoring with `Authorization: Bearer $HEALTH_TOKEN` and for
// signed-in staff.
import { checkDatabaseHealth } from "@once/db/health";
import { prisma } from "~/server/prisma";
import { mayReadHealthDetails, NO_STORE } from "./access";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const health = await checkDatabaseHealth(prisma());
  const status = health.ok ? "ok" : "unavailable";
  const detailed = await mayReadHealthDetails(request.headers);
  const body = detailed ? { status, database: health.database, migrations: health.migrations } : { status };
  return Response.json(body, { status: health.ok ? 200 : 503, headers: NO_STORE });
}
