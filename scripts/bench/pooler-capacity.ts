// `pnpm bench:pooler`: what PgBouncer in transaction mode changes (docs/SCALING.md). One
// PostgreSQL of its own with max_connections 40 and PgBouncer in front
// (../cluster/pooler/pooled-database.ts, as `pnpm cluster --pooler`); inquiries with fresh keys,
// closed loop, `--connections` at once through nginx, for 2 and then 6 nodes, first connected to
// PostgreSQL directly, then through PgBouncer (DIRECT_DATABASE_URL for migrations and LISTEN).
// Beside each row: the most connections PostgreSQL had open (sampled every 100 ms). Inquiries
// only: orders of one guide queue on its row lock whatever the connections (SCALING.md).
// Needs `pnpm build` and root (PostgreSQL and PgBouncer run as the postgres user).
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { startPooledDatabase } from "../cluster/pooler/pooled-database.ts";
import { startNginx } from "../cluster/nginx.ts";
import { startNode, type NodeProcess } from "../cluster/node-process.ts";
import { runLoad, type LoadResult } from "./load.ts";
import { tearDown } from "./tear-down.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "1500" },
    connections: { type: "string", default: "40" },
    "max-connections": { type: "string", default: "40" },
  },
});
const requests = Number(values.requests);
const connections = Number(values.connections);
const maxConnections = Number(values["max-connections"]);
const DATABASE = "once_bench";
const env = {
  RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
  RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE: "100000000",
  RATE_LIMIT_SESSIONS_PER_MINUTE: "100000",
  LOG_LEVEL: "error",
  DATABASE_POOL_SIZE: "10",
};

interface Row extends LoadResult {
  peakServerConnections: number;
}

/** Inquiries with fresh keys through `origin`, while the server's open connections are sampled. */
async function measure(label: string, origin: string, sampler: pg.Client): Promise<Row> {
  const tokens = await Promise.all(
    Array.from({ length: connections }, async () => ((await (await fetch(`${origin}/api/v1/sessions`, { method: "POST" })).json()) as { token: string }).token),
  );
  const next = (i: number, worker: number) => ({
    path: "/api/v1/leads",
    headers: { "content-type": "application/json", authorization: `Bearer ${tokens[worker]}`, "idempotency-key": randomUUID() },
    body: JSON.stringify({ name: "Bench Customer", phone: `+86${13000000000 + i}`, content: "Please send the price list." }),
  });
  await runLoad({ name: "warm-up", origin, connections, requests: Math.min(300, requests), next });
  let peak = 0;
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      const { rows } = await sampler.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'`);
      peak = Math.max(peak, rows[0]!.n);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    return { ...(await runLoad({ name: label, origin, connections, requests, next })), peakServerConnections: peak };
  } finally {
    sampling = false;
    await sampled;
  }
}

const rows: Row[] = [];
const notes: string[] = [];
const pooled = await startPooledDatabase({ basePort: 25740, maxConnections, databases: [DATABASE] });
// Connected before any node, and kept: once the nodes hold every connection, none is left for it.
const sampler = new pg.Client({ connectionString: pooled.directUrl(DATABASE) });
sampler.on("error", () => undefined);
await sampler.connect();
try {
  for (const through of ["PostgreSQL directly", "PgBouncer"] as const) {
    const viaPooler = through === "PgBouncer";
    const databaseUrl = viaPooler ? pooled.url(DATABASE) : pooled.directUrl(DATABASE);
    const nodeEnv = viaPooler ? { ...env, DIRECT_DATABASE_URL: pooled.directUrl(DATABASE) } : env;
    const nodes: NodeProcess[] = [];
    try {
      for (const count of [2, 6]) {
        const started = await Promise.allSettled(
          Array.from({ length: count - nodes.length }, (_, i) => startNode({ port: 3601 + nodes.length + i, databaseUrl, env: nodeEnv, seed: true })),
        );
        for (const result of started) if (result.status === "fulfilled") nodes.push(result.value);
        const failed = started.filter((result) => result.status === "rejected");
        if (failed.length > 0) {
          // Where the connection limit bites at start-up: said, not measured.
          const reason = String((failed[0] as PromiseRejectedResult).reason);
          notes.push(`${count} nodes, ${through}: ${failed.length} did not start (${/^error: .*$/m.exec(reason)?.[0] ?? reason.split("\n")[0]})`);
          break;
        }
        const nginx = await startNginx({ port: 3600, upstreamPorts: nodes.map((n) => n.port) });
        try {
          rows.push(await measure(`${count} nodes, ${through}`, nginx.url, sampler));
        } finally {
          await nginx.stop();
        }
      }
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  }
} finally {
  await tearDown(
    () => sampler.end(),
    () => pooled.stop(),
  );
}

console.log(`\n${requests} inquiries per row, ${connections} connections, fresh keys; PostgreSQL max_connections ${maxConnections}\n`);
console.log("| setup | leads/s | p50 ms | p99 ms | statuses | PostgreSQL connections (peak) |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.throughput.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${JSON.stringify(r.statuses)} | ${r.peakServerConnections} |`,
  );
}
for (const note of notes) console.log(`\n${note}`);
