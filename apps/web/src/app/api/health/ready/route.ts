// GET /api/health/ready: readiness, the question a load balancer asks before sending traffic.
// 200 `{"status":"ok"}` when the database answers, every committed migration is applied and
// the node is not stopping; 503 `{"status":"draining"}` from SIGTERM on (server.mjs, see
// server/shutdown.ts), 503 `{"status":"unavailable"}` when the database is away or behind.
// Anonymous callers get only the status; HEALTH_TOKEN or a staff session adds the details.
import { checkDatabaseHealth } from "@once/db/health";
import { prisma } from "~/server/prisma";
import { isDraining } from "~/server/shutdown";
import { mayReadHealthDetails, NO_STORE } from "../access";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const detailed = await mayReadHealthDetails(request.headers);
  // A draining node is not ready whatever its database says; anonymous probes need no query.
  if (isDraining() && !detailed) return Response.json({ status: "draining" }, { status: 503, headers: NO_STORE });
  const health = await checkDatabaseHealth(prisma());
  // Asked again: the stop may have begun while the database was being checked.
  const status = isDraining() ? "draining" : health.ok ? "ok" : "unavailable";
  const body = detailed ? { status, draining: isDraining(), database: health.database, migrations: health.migrations } : { status };
  return Response.json(body, { status: status === "ok" ? 200 : 503, headers: NO_STORE });
}
