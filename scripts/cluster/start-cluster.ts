// `pnpm cluster [--nodes N] [--port P]`: N production nodes of apps/web on one PostgreSQL
// (DATABASE_URL, or the embedded one), behind nginx on http://127.0.0.1:P. Needs `pnpm build`.
// Node i listens on P+i. The nodes start all at once, each the way `pnpm start` does
// (migrations under a lock, the race-free catalog seed); each counts as up when it answers
// /api/health/ready. Ctrl-C (or SIGTERM) stops nginx, then every node gracefully.
import { parseArgs } from "node:util";
import { resolveDatabaseUrl } from "@once/db/database-url";
import { deployMigrations } from "@once/db/migrate";
import { startNginx, type NginxProcess } from "./nginx.ts";
import { startNode, type NodeProcess } from "./node-process.ts";

const { values } = parseArgs({ options: { nodes: { type: "string", default: "2" }, port: { type: "string", default: "8080" } } });
const count = Number(values.nodes);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error("--nodes must be 1-16");

const database = await resolveDatabaseUrl();
// Migrated once here first: PostgreSQL's advisory lock would also let the nodes race safely,
// but the embedded PGlite is one session for every connection, where that lock excludes nobody.
await deployMigrations({ databaseUrl: database.connectionString });
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

// nginx on this machine is the only proxy whose X-Forwarded-For the nodes may believe.
const env = { TRUSTED_PROXIES: process.env.TRUSTED_PROXIES ?? "loopback" };
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
