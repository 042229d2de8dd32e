// GET /api/health: 200 when the database answers and every committed migration is applied,
// 503 otherwise. Load balancers and the multi-node script poll it.
import { checkDatabaseHealth } from "@once/db/health";
import { getPrisma } from "@once/db";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkDatabaseHealth(getPrisma());
  return Response.json(
    { status: health.ok ? "ok" : "unavailable", database: health.database, migrations: health.migrations },
    { status: health.ok ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
