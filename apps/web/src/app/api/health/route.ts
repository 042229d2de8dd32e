// GET /api/health: 200 when the database answers and every committed migration is applied,
// 503 otherwise. Load balancers and the multi-node script poll it. Anonymous callers learn only
// that (`{"status":"ok"}`); the details (database, migrations) are for monitoring with
// `Authorization: Bearer $HEALTH_TOKEN` and for signed-in staff.
import { timingSafeEqual } from "node:crypto";
import { staffFromHeaders } from "@once/auth";
import { checkDatabaseHealth } from "@once/db/health";
import { getPrisma } from "@once/db";
import { env } from "~/env";
import { getAuth } from "~/server/auth";

export const dynamic = "force-dynamic";

function presentsHealthToken(headers: Headers): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(headers.get("authorization") ?? "")?.[1];
  if (!env.HEALTH_TOKEN || !presented) return false;
  const [a, b] = [Buffer.from(presented), Buffer.from(env.HEALTH_TOKEN)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function GET(request: Request) {
  const health = await checkDatabaseHealth(getPrisma());
  const status = health.ok ? "ok" : "unavailable";
  const detailed = presentsHealthToken(request.headers) || (await staffFromHeaders(getAuth(), request.headers).catch(() => null)) !== null;
  const body = detailed ? { status, database: health.database, migrations: health.migrations } : { status };
  return Response.json(body, { status: health.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
}
