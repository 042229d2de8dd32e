// Who may read /metrics. With METRICS_TOKEN set: only `Authorization: Bearer <METRICS_TOKEN>`
// (401 otherwise). Without it: in production the endpoint does not exist (404), so a node
// deployed without the variable never shows its figures to anyone; in development it is open
// (the server listens for its developer only). The token is compared in constant time.
import { timingSafeEqual } from "node:crypto";

export type MetricsAccess = "granted" | "unauthorized" | "disabled";

export function metricsAccess(authorization: string | null, settings: { token?: string; production: boolean }): MetricsAccess {
  if (!settings.token) return settings.production ? "disabled" : "granted";
  const presented = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  if (!presented) return "unauthorized";
  const [a, b] = [Buffer.from(presented), Buffer.from(settings.token)];
  return a.length === b.length && timingSafeEqual(a, b) ? "granted" : "unauthorized";
}
