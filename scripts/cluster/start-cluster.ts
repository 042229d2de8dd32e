// `pnpm cluster [--nodes N] [--port P] [--ha] [--ha-port H] [--pooler] [--pooler-port B]
// [--max-connections M]`: N production nodes of apps/web on one PostgreSQL (DATABASE_URL, or the
// embedded one), behind nginx on http://127.0.0.1:P. Needs `pnpm build`. With --ha (as root) the
// database is a highly available pair instead: etcd, two Patroni-managed PostgreSQL 15 in
// synchronous mode and HAProxy on H (ha/ha-database.ts); the nodes write through HAProxy's leader
// port and read the dashboard's lists from its standby port. With --pooler (as root) it is a
// PostgreSQL of its own with max_connections M (40: fewer than six nodes' pools of 10) on B+1 and
// PgBouncer in transaction mode on B (pooler/pooled-database.ts); the nodes' pools go through
// PgBouncer (DATABASE_URL), their migrations and LISTEN connections to PostgreSQL itself
// (DIRECT_DATABASE_URL).
// Node i listens on P+i. The nodes start all at once, each the way `pnpm start` does
// (migrations under a lock, the race-free catalog seed); each counts as up when it answers
// /api/health/ready. Ctrl-C (or SIGTERM) stops nginx, then every node gracefully.
import { parseArgs } from "node:util";
import { resolveDatabaseUrl } from "@once/db/database-url";
import { deployMigrations } from "@once/db/migrate";
import { startNginx, type NginxProcess } from "./nginx.ts";
import { startHaDatabase } from "./ha/ha-database.ts";
import { startPooledDatabase } from "./pooler/pooled-database.ts";
import { startNode, type NodeProcess } from "./node-process.ts";

const { values } = parseArgs({
  options: {
    nodes: { type: "string", default: "2" },
    port: { type: "string", default: "8080" },
    ha: { type: "boolean" },
    "ha-port": { type: "string", default: "5540" },
    pooler: { type: "boolean" },
    "pooler-port": { type: "string", default: "6540" },
    "max-connections": { type: "string", default: "40" },
  },
});
const count = Number(values.nodes);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error("--nodes must be 1-16");
if (values.ha && values.pooler) throw new Error("--ha and --pooler are separate set-ups: choose one");

const database = await (
  values.ha
    ? haDatabase(Number(values["ha-port"]))
    : values.pooler
      ? pooledDatabase(Number(values["pooler-port"]), Number(values["max-connections"]))
      : resolveDatabaseUrl()
).catch((error: unknown) => {
  // One line (e.g. which Debian package is missing), not a stack trace.
  console.error(`pnpm cluster: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  process.exit(1);
});
const replicaUrl = "replicaUrl" in database ? database.replicaUrl : undefined;
const directUrl = "directUrl" in database ? database.directUrl : undefined;
const nodes: NodeProcess[] = [];
const proxy: { nginx?: NginxProcess } = {};
let stopping = false;
const stopAll = async () => {
  if (stopping) return;
  stopping = true;
  await proxy.nginx?.stop();
  await Promise.all(nodes.map((n) => n.stop("SIGTERM")));
  await database.release();
};
process.on("SIGINT", () => void stopAll().then(() => process.exit(0)));
process.on("SIGTERM", () => void stopAll().then(() => process.exit(0)));

// Migrated once here first: PostgreSQL's advisory lock would also let the nodes race safely,
// but the embedded PGlite is one session for every connection, where that lock excludes nobody.
await deployMigrations({ databaseUrl: directUrl ?? database.connectionString }).catch(async (error: unknown) => {
  await stopAll();
  throw error;
});

// nginx on this machine is the only proxy whose X-Forwarded-For the nodes may believe.
const env: Record<string, string> = { TRUSTED_PROXIES: process.env.TRUSTED_PROXIES ?? "loopback" };
if (replicaUrl) env.DATABASE_REPLICA_URL = replicaUrl;
if (directUrl) env.DIRECT_DATABASE_URL = directUrl;
const started = await Promise.allSettled(
  Array.from({ length: count }, (_, i) => startNode({ port: port + i + 1, databaseUrl: database.connectionString, env, seed: true })),
);
for (const result of started) if (result.status === "fulfilled") nodes.push(result.value);
const failed = started.find((result) => result.status === "rejected");
if (failed) {
  await stopAll();
  throw failed.reason;
}
for (const [i, node] of nodes.entries()) console.log(`node ${i + 1}: ${node.url}`);
const nginx = await startNginx({ port, upstreamPorts: nodes.map((n) => n.port) });
proxy.nginx = nginx;
console.log(`nginx: ${nginx.url} -> ${nodes.length} nodes (Ctrl-C stops all)`);

/** The HA pair with a database "once" on it; stopping the cluster stops all of it. */
async function haDatabase(basePort: number) {
  const ha = await startHaDatabase({ basePort, databases: ["once"] });
  console.log(`HA database: leader via HAProxy ${ha.url("once")}, standby via ${ha.replicaUrl("once")}, stats http://127.0.0.1:${ha.ports.stats}/`);
  return { connectionString: ha.url("once"), replicaUrl: ha.replicaUrl("once"), release: () => ha.stop() };
}

/** PostgreSQL with a small max_connections and PgBouncer in transaction mode, with a database "once". */
async function pooledDatabase(basePort: number, maxConnections: number) {
  const pooled = await startPooledDatabase({ basePort, maxConnections, databases: ["once"] });
  console.log(
    `pooled database: PgBouncer (transaction mode) ${pooled.url("once")}, PostgreSQL ${pooled.directUrl("once")} (max_connections ${maxConnections})`,
  );
  return { connectionString: pooled.url("once"), directUrl: pooled.directUrl("once"), release: () => pooled.stop() };
}
