// `pnpm bench:ha`: capacity of the product on this machine (docs/SCALING.md): orders/s and
// leads/s with fresh keys (each a new operation), closed loop, `--connections` at once, for
//   1. one node on the machine's single PostgreSQL,
//   2. one node on the HA database (two Patroni members, synchronous replication, HAProxy),
//   3. two nodes behind nginx on the HA database.
// Needs `pnpm build` and root (the HA database runs PostgreSQL as the postgres user).
import { parseArgs } from "node:util";
import { deployMigrations } from "@once/db/migrate";
import { seedDatabase } from "@once/db/seed";
import { createTestDatabase, type TestDatabase } from "@once/db/testing";
import { startHaDatabase } from "../cluster/ha/ha-database.ts";
import { startNginx } from "../cluster/nginx.ts";
import { startNode, type NodeProcess } from "../cluster/node-process.ts";
import { runLoad, type LoadResult } from "./load.ts";
import { tearDown } from "./tear-down.ts";
import { freshKeyRequests, WRITE_BENCH_ENV } from "./write-load.ts";

const { values } = parseArgs({ options: { requests: { type: "string", default: "2000" }, connections: { type: "string", default: "40" } } });
const requests = Number(values.requests);
const connections = Number(values.connections);

async function measure(label: string, origin: string): Promise<LoadResult[]> {
  const spec = await freshKeyRequests(origin, connections);
  const order = JSON.stringify({ item: "sample-guide", quantity: 1 });
  const lead = (i: number) => JSON.stringify({ name: "Bench Customer", phone: `+86${13000000000 + i}`, content: "Please send the price list." });
  const results: LoadResult[] = [];
  for (const [name, next] of [
    ["orders", (_i: number, w: number) => spec("/api/v1/orders", order, w)],
    ["leads", (i: number, w: number) => spec("/api/v1/leads", lead(i), w)],
  ] as const) {
    await runLoad({ name: "warm-up", origin, connections, requests: Math.min(500, requests), next });
    results.push(await runLoad({ name: `${label}: ${name}`, origin, connections, requests, next }));
  }
  return results;
}

const rows: LoadResult[] = [];
// 1. One node, the machine's PostgreSQL. Everything after the database's creation is guarded:
// a failed seed, a node that never becomes ready (startNode kills it) or a failed stop still
// drops the database.
{
  let db: TestDatabase | undefined;
  let node: NodeProcess | undefined;
  try {
    db = await createTestDatabase("bench_ha");
    await seedDatabase(db.url);
    await stockUp(db.url);
    node = await startNode({ port: 3501, databaseUrl: db.url, env: WRITE_BENCH_ENV });
    rows.push(...(await measure("one node, single PostgreSQL", node.url)));
  } finally {
    await tearDown(
      () => node?.stop(),
      () => db?.drop(),
    );
  }
}
// 2 and 3. The HA database.
const ha = await startHaDatabase({ basePort: 25540, databases: ["once_bench"] });
const nodes: NodeProcess[] = [];
try {
  const url = ha.url("once_bench");
  await deployMigrations({ databaseUrl: url });
  await seedDatabase(url);
  await stockUp(url);
  nodes.push(await startNode({ port: 3501, databaseUrl: url, env: WRITE_BENCH_ENV }));
  rows.push(...(await measure("one node, HA database", nodes[0]!.url)));
  nodes.push(await startNode({ port: 3502, databaseUrl: url, env: WRITE_BENCH_ENV }));
  const nginx = await startNginx({ port: 3500, upstreamPorts: nodes.map((n) => n.port) });
  try {
    rows.push(...(await measure("two nodes + nginx, HA database", nginx.url)));
  } finally {
    await nginx.stop();
  }
} finally {
  // The HA database is stopped even when a node's stop fails.
  await tearDown(
    () => Promise.all(nodes.map((n) => n.stop())),
    () => ha.stop(),
  );
}

console.log(`\n${requests} requests per row, ${connections} connections, fresh keys\n`);
console.log("| setup: operation | per s | p50 ms | p99 ms | statuses |");
console.log("|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.name} | ${r.throughput.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${JSON.stringify(r.statuses)} |`);

/** Enough stock that no order is refused while measuring. */
async function stockUp(url: string): Promise<void> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`update guide set stock = 100000000 where slug = 'sample-guide'`);
  } finally {
    await client.end();
  }
}
