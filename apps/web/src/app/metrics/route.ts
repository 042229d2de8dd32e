// GET /metrics: this node's figures in Prometheus's text format (server/metrics). Guarded by
// METRICS_TOKEN (server/metrics/access.ts): 401 without it, 404 in production when the
// variable is unset. Scrape every node directly (nginx does not pass /metrics on: behind it a
// scrape would reach a random node).
import { env } from "~/env";
import { logger } from "~/server/logger";
import { prisma } from "~/server/prisma";
import { metricsAccess } from "~/server/metrics/access";
import { refreshDatabaseGauges } from "~/server/metrics/database-gauges";
import { metrics } from "~/server/metrics/registry";

export const dynamic = "force-dynamic";

const NO_STORE = { "cache-control": "no-store" } as const;

export async function GET(request: Request) {
  const access = metricsAccess(request.headers.get("authorization"), { token: env.METRICS_TOKEN, production: env.NODE_ENV === "production" });
  if (access === "disabled") return new Response("not found\n", { status: 404, headers: { ...NO_STORE, "content-type": "text/plain; charset=utf-8" } });
  if (access === "unauthorized") {
    return new Response("a bearer token (METRICS_TOKEN) is required\n", {
      status: 401,
      headers: { ...NO_STORE, "content-type": "text/plain; charset=utf-8", "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  await refreshDatabaseGauges(prisma(), (error) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, "metrics.outbox_unreadable"));
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { ...NO_STORE, "content-type": registry.contentType } });
}
