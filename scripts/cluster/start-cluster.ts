// `pnpm cluster [--nodes N] [--port P]`: N production nodes of apps/web on one PostgreSQL
// (DATABASE_URL, or the embedded one), behind nginx on http://127.0.0.1:P. Needs `pnpm build`.
// Node i listens on P+i. Ctrl-C stops everything.
import { parseArgs } from "node:util";
import { resolveDatabaseUrl } from "../../packages/db/src/database-url.ts";
import { deployMigrations } from "../../packages/db/src/migrate/index.ts";
import { startNginx, type NginxProcess } from "./nginx.ts";
import { startNode, type NodeProcess } from "./node-process.ts";

const { values } = parseArgs({ options: { nodes: { type: "string", default: "2" }, port: { type: "string", default: "8080" } } });
const count = Number(values.nodes);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error("--nodes must be 1-16");

const database = await resolveDatabaseUrl();
await deployMigrations({ databaseUrl: database.connectionString });
const nodes: NodeProcess[] = [];
const proxy: { nginx?: NginxProcess } = {};
const stopAll = async () => {
  await proxy.nginx?.stop();
  await Promise.all(nodes.map((n) => n.stop()));
  await database.release();
};
process.on("SIGINT", () => void stopAll().then(() => process.exit(0)));
process.on("SIGTERM", () => void stopAll().then(() => process.exit(0)));

for (let i = 1; i <= count; i++) {
  // nginx on this machine is the only proxy whose X-Forwarded-For the nodes may believe.
  nodes.push(await startNode({ port: port + i, databaseUrl: database.connectionString, env: { TRUSTED_PROXIES: process.env.TRUSTED_PROXIES ?? "loopback" } }));
  console.log(`node ${i}: http://127.0.0.1:${port + i}`);
}
const nginx = await startNginx({ port, upstreamPorts: nodes.map((n) => n.port) });
proxy.nginx = nginx;
console.log(`nginx: ${nginx.url} -> ${nodes.length} nodes (Ctrl-C stops all)`);
