// Who may read the health details (database, migrations): monitoring with
// `Authorization: Bearer $HEALTH_TOKEN`, and signed-in staff. Anonymous callers learn only the
// status. Shared by /api/health and /api/health/ready.
import { timingSafeEqual } from "node:crypto";
import { staffFromHeaders } from "@once/auth";
import { env } from "~/env";
import { getAuth } from "~/server/auth";

function presentsHealthToken(headers: Headers): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(headers.get("authorization") ?? "")?.[1];
  if (!env.HEALTH_TOKEN || !presented) return false;
  const [a, b] = [Buffer.from(presented), Buffer.from(env.HEALTH_TOKEN)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function mayReadHealthDetails(headers: Headers): Promise<boolean> {
  return presentsHealthToken(headers) || (await staffFromHeaders(getAuth(), headers).catch(() => null)) !== null;
}

export const NO_STORE = { "cache-control": "no-store" } as const;
