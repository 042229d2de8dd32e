// `pnpm bench:stock-lock`: where the guide's stock row lock bites (docs/SCALING.md). Every order
// locks its guide's row (`select … for update`, for the daily limit) and decrements its `stock`
// inside the protocol's transaction (packages/api/src/order/create-order.ts), so orders of one
// guide take turns on that row from that first statement to the commit. One production node on the machine's PostgreSQL, orders with fresh keys, closed loop,
// `--connections` at once:
//   1. every order for one guide,
//   2. orders spread over as many guides as there are connections (each connection its own),
//   3. inquiries, which lock no shared row, for comparison.
// Beside each row: the most sessions PostgreSQL had waiting for a lock (sampled every 50 ms), and
// on what (pg_stat_activity's wait_event: `transactionid`/`tuple` for a row another transaction
// holds, `object` for the lock every transaction that sent a NOTIFY takes at commit).
// Needs `pnpm build`.
import { parseArgs } from "node:util";
import pg from "pg";
import { seedDatabase } from "@once/db/seed";
import { createTestDatabase, testAdminUrl, type TestDatabase } from "@once/db/testing";
import { startNode, type NodeProcess } from "../cluster/node-process.ts";
import { runLoad, type LoadResult } from "./load.ts";
import { tearDown } from "./tear-down.ts";
import { freshKeyRequests, WRITE_BENCH_ENV } from "./write-load.ts";

const { values } = parseArgs({ options: { requests: { type: "string", default: "2000" }, connections: { type: "string", default: "40" } } });
const requests = Number(values.requests);
const connections = Number(values.connections);

type Row = LoadResult & { peakLockWaits: number; waitedOn: string };
let database: TestDatabase | undefined;
let node: NodeProcess | undefined;
const admin = new pg.Client({ connectionString: testAdminUrl() });
const rows: Row[] = [];
try {
  database = await createTestDatabase("bench_stock");
  await seedDatabase(database.url);
  await admin.connect();
  // One guide per connection beside the catalog's, each with stock no run can exhaust.
  const guides = Array.from({ length: connections }, (_, i) => `bench-guide-${i}`);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(
      `insert into guide (id, slug, title_zh, title_en, summary_zh, summary_en, stock, updated_at)
       select gen_random_uuid(), slug, '样书', 'Bench guide', '压测', 'Bench', 100000000, now() from unnest($1::text[]) as slug`,
      [guides],
    );
    await client.query(`update guide set stock = 100000000 where slug = 'sample-guide'`);
  } finally {
    await client.end();
  }
  node = await startNode({ port: 3521, databaseUrl: database.url, env: WRITE_BENCH_ENV });
  const origin = node.url;
  const spec = await freshKeyRequests(origin, connections);
  const scenarios = [
    ["orders, all of one guide", (_i: number, w: number) => spec("/api/v1/orders", JSON.stringify({ item: "sample-guide", quantity: 1 }), w)],
    [`orders over ${connections} guides`, (_i: number, w: number) => spec("/api/v1/orders", JSON.stringify({ item: guides[w], quantity: 1 }), w)],
    [
      "inquiries",
      (i: number, w: number) =>
        spec("/api/v1/leads", JSON.stringify({ name: "Bench Customer", phone: `+86${13000000000 + i}`, content: "Price list, please." }), w),
    ],
  ] as const;
  for (const [name, next] of scenarios) {
    await runLoad({ name: "warm-up", origin, connections, requests: Math.min(400, requests), next });
    let peakLockWaits = 0;
    const waits = new Map<string, number>(); // wait_event → sessions seen waiting on it, over all samples
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows: sampled } = await admin.query<{ event: string; n: number }>(
          `select wait_event as event, count(*)::int as n from pg_stat_activity
           where datname = $1 and wait_event_type = 'Lock' group by wait_event`,
          [database.name],
        );
        peakLockWaits = Math.max(
          peakLockWaits,
          sampled.reduce((sum, r) => sum + r.n, 0),
        );
        for (const r of sampled) waits.set(r.event, (waits.get(r.event) ?? 0) + r.n);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const result = await runLoad({ name, origin, connections, requests, next });
    sampling = false;
    await sampler;
    const total = [...waits.values()].reduce((a, b) => a + b, 0);
    const waitedOn = [...waits].map(([event, n]) => `${event} ${Math.round((n / total) * 100)} %`).join(", ") || "–";
    rows.push({ ...result, peakLockWaits, waitedOn });
  }
} finally {
  await tearDown(
    () => node?.stop(),
    () => admin.end(),
    () => database?.drop(),
  );
}

console.log(`\n${requests} requests per row, ${connections} connections, fresh keys, one node, single PostgreSQL\n`);
console.log("| scenario | per s | p50 ms | p99 ms | sessions waiting for a lock (peak) | waiting on | statuses |");
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.throughput.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.peakLockWaits} | ${r.waitedOn} | ${JSON.stringify(r.statuses)} |`,
  );
}
