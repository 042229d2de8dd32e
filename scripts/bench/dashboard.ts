// `pnpm bench:dashboard`: the dashboard's lead list on 1,000,000 seeded leads, real PostgreSQL.
// Server time (the list function: Prisma + PostgreSQL, as the tRPC procedure runs it) for the
// first page, a deep page (keyset, half-way down) and a search; p50/p95 over repeated runs.
// Baseline in the same run: the same deep page by OFFSET. Targets: p95 ≤ 30 ms for pages,
// ≤ 100 ms for search.
import { parseArgs } from "node:util";
import pg from "pg";
import { createPrismaClient } from "@once/db";
import { createTestDatabase } from "@once/db/testing";
import { listLeads } from "@once/api/dashboard/lead-list";
import { percentile } from "./load.ts";

const { values } = parseArgs({ options: { leads: { type: "string", default: "1000000" }, runs: { type: "string", default: "60" } } });
const total = Number(values.leads);
const runs = Number(values.runs);

const database = await createTestDatabase("benchdash");
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
const prisma = createPrismaClient(database.url, { poolSize: 2 });

async function measure(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95) };
}

try {
  const t0 = performance.now();
  // Realistic spread: a year of leads, Chinese and Latin names, 5 % possible duplicates.
  await sql.query(
    `
    insert into lead (id, customer_id, operation_key, name, phone, content, email, status, possible_duplicate, created_at, updated_at)
    select gen_random_uuid(), 'bench-' || (i % 50000), md5(i::text),
      (array['王小明','李雷','韩梅梅','张伟','刘洋','陈静','Anna Schmidt','John Smith','Maria Garcia','Kenji Sato'])[1 + i % 10] || ' ' || (i % 997),
      '+86' || (13000000000 + (i::bigint * 7919) % 999999999)::text,
      (array['想了解样品指南的批量价格','Please send the price list for 200 copies','需要英文版资料','Can you ship to Shenzhen?','我们公司想长期合作'])[1 + i % 5] || ' #' || i,
      case when i % 3 = 0 then 'buyer' || i || '@example.com' end,
      (array['new','contacted','qualified','won','lost'])[1 + (i / 7) % 5]::"LeadStatus",
      i % 20 = 0,
      now() - ((i::double precision / $1) * interval '365 days'),
      now()
    from generate_series(1, $1) as i`,
    [total],
  );
  await sql.query("analyze lead");
  console.log(`seeded ${total.toLocaleString()} leads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const { rows } = await sql.query<{ created_at: Date; id: string }>(`select created_at, id from lead order by created_at desc, id desc offset $1 limit 1`, [
    Math.floor(total / 2),
  ]);
  const middle = { createdAt: rows[0]!.created_at, id: rows[0]!.id };

  const results = [
    await measure("first page (25)", () => listLeads(prisma, { limit: 25 })),
    await measure("deep page, keyset (half-way)", () => listLeads(prisma, { limit: 25, cursor: middle })),
    await measure("filtered page (status=qualified)", () => listLeads(prisma, { limit: 25, status: "qualified" })),
    await measure("search by name (韩梅梅 42)", () => listLeads(prisma, { limit: 25, search: "韩梅梅 42" })),
    await measure("search by phone digits", () => listLeads(prisma, { limit: 25, search: "1300007919" })),
    await measure("search by message word (Shenzhen)", () => listLeads(prisma, { limit: 25, search: "Shenzhen #4242" })),
    await measure("baseline: deep page by OFFSET", () =>
      prisma.lead.findMany({
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip: Math.floor(total / 2),
        take: 26,
        select: { id: true, number: true, name: true },
      }),
    ),
  ];
  console.log(`\n${total.toLocaleString()} leads, ${runs} runs each after 5 warm-up runs\n`);
  console.log("| query | p50 ms | p95 ms | target |");
  console.log("|---|---|---|---|");
  for (const r of results) {
    const target = r.name.startsWith("search") ? 100 : r.name.startsWith("baseline") ? null : 30;
    console.log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${target === null ? "—" : `${r.p95 <= target ? "meets" : "MISSES"} ≤ ${target}`} |`);
  }
  const keyset = results[1]!;
  const offset = results.at(-1)!;
  console.log(`\nkeyset vs OFFSET for the same deep page: ${(offset.p95 / keyset.p95).toFixed(0)}× faster (p95)`);
} finally {
  await prisma.$disconnect();
  await sql.end();
  await database.drop();
}
