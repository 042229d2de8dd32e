// GET /api/health/live: liveness. 200 `{"status":"ok"}` as long as this process answers HTTP,
// whatever the database does, also while the node drains: restarting a node because its
// database is away would not bring the database back. Touches nothing but the process.
import { NO_STORE } from "../access";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" }, { headers: NO_STORE });
}
