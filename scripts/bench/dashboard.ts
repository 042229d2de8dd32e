// `pnpm bench:dashboard`: the dashboard's lead list on 1,000,000 seeded leads, real PostgreSQL.
// Server time (the list function: Prisma + PostgreSQL, as the tRPC procedure runs it) for the
// first page, a deep page (keyset, half-way down), sorted pages, the per-status counts and
// searches of every kind the list offers (one Chinese character, common and rare, two
// characters, names, phones, company, e-mail, message text, lead numbers, nothing found);
// p50/p95 over repeated runs. Baseline in the same run: the same deep page by OFFSET.
// Targets: p95 ≤ 30 ms for pages, ≤ 100 ms for search and counts.
import { parseArgs } from "node:util";
import pg from "pg";
import { createPrismaClient } from "@once/db";
import { createTestDatabase } from "@once/db/testing";
import { countLeadsByStatus, listLeads } from "@once/api/dashboard/lead-list";
import { percentile } from "./load.ts";
import { tearDown } from "./tear-down.ts";

// --keep: leave the seeded database (its URL is printed) for EXPLAIN ANALYZE by hand;
// --reuse URL: measure on such a kept database again instead of seeding a new one.
const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "1000000" },
    runs: { type: "string", default: "60" },
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
  },
});
const total = Number(values.leads);
const runs = Number(values.runs);

const database = values.reuse ? { url: values.reuse, drop: () => Promise.resolve() } : await createTestDatabase("benchdash");
// Neither client connects here; from the connection on, everything is inside the try below, so a
// failure anywhere after the database's creation still drops it.
const sql = new pg.Client({ connectionString: database.url });
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

async function seed() {
  const t0 = performance.now();
  // The search indexes are built once after the load (as a restore would), not row by row.
  const { rows: searchIndexes } = await sql.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'lead' and indexname like 'lead_search_%'`,
  );
  for (const index of searchIndexes) await sql.query(`drop index "${index.indexname}"`);
  // Realistic spread: a year of leads, Chinese and Latin names, companies, 5 % possible
  // duplicates; one lead in 10,000 mentions 鑫源 (rare characters), one in 300 杨 (between rare
  // and common: the probe's window holds about 7 of them), none mentions 龘.
  await sql.query(
    `
    insert into lead (id, customer_id, operation_key, name, phone, content, email, company, status, possible_duplicate, created_at, updated_at)
    select gen_random_uuid(), 'bench-' || (i % 50000), md5(i::text),
      (array['王小明','李雷','韩梅梅','张伟','刘洋','陈静','Anna Schmidt','John Smith','Maria Garcia','Kenji Sato'])[1 + i % 10] || ' ' || (i % 997),
      '+86' || (13000000000 + (i::bigint * 7919) % 999999999)::text,
      (array['想了解样品指南的批量价格','Please send the price list for 200 copies','需要英文版资料','Can you ship to Shenzhen?','我们公司想长期合作'])[1 + i % 5] || ' #' || i
        || case when i % 10000 = 7 then ' 鑫源' else '' end
        || case when i % 300 = 11 then ' 杨' else '' end,
      case when i % 3 = 0 then 'buyer' || i || '@example.com' end,
      case when i % 4 = 0 then (array['上海示例贸易有限公司','Acme Trading GmbH','深圳新华印务','Globex Ltd'])[1 + (i / 4) % 4] || ' ' || (i % 499) end,
      (array['new','contacted','qualified','won','lost'])[1 + (i / 7) % 5]::"LeadStatus",
      i % 20 = 0,
      now() - ((i::double precision / $1) * interval '365 days'),
      now()
    from generate_series(1, $1) as i`,
    [total],
  );
  await sql.query("set maintenance_work_mem = '512MB'");
  for (const index of searchIndexes) await sql.query(index.indexdef);
  await sql.query("analyze lead");
  console.log(`seeded ${total.toLocaleString()} leads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (values.keep) console.log(`kept: ${database.url}`);
}

try {
  await sql.connect();
  if (!values.reuse) await seed();

  const { rows } = await sql.query<{ created_at: Date; id: string }>(`select created_at, id from lead order by created_at desc, id desc offset $1 limit 1`, [
    Math.floor(total / 2),
  ]);
  const middle = { value: null, createdAt: rows[0]!.created_at, id: rows[0]!.id };

  const search = (label: string, text: string) =>
    measure(`search: ${label}`, () => listLeads(prisma, { limit: 25, sort: "received", dir: "desc", search: text }));
  const list = { limit: 25, sort: "received" as const, dir: "desc" as const };
  const results = [
    await measure("first page (25)", () => listLeads(prisma, list)),
    await measure("deep page, keyset (half-way)", () => listLeads(prisma, { ...list, cursor: middle })),
    await measure("filtered page (status=qualified)", () => listLeads(prisma, { ...list, status: "qualified" })),
    await measure("sorted by name, first page", () => listLeads(prisma, { ...list, sort: "name", dir: "asc" })),
    await measure("sorted by status, first page", () => listLeads(prisma, { ...list, sort: "status", dir: "asc" })),
    await measure("counts per status (no search)", () => countLeadsByStatus(prisma, {})),
    await search("1 Chinese character, common (王)", "王"),
    await search("1 Chinese character, rare (鑫, 1 in 10,000)", "鑫"),
    await search("1 Chinese character, absent (龘)", "龘"),
    await search("1 Chinese character, 1 in 300 (杨)", "杨"),
    await search("1 Latin character (z)", "z"),
    await search("2 Chinese characters (李雷)", "李雷"),
    await search("2 Chinese characters, rare (鑫源)", "鑫源"),
    await search("name (韩梅梅 42)", "韩梅梅 42"),
    await search("phone digits (1300007919)", "1300007919"),
    await search("phone with separators (130 0000 7919)", "130 0000 7919"),
    await search("company (globex ltd 17)", "Globex Ltd 17"),
    await search("e-mail (buyer4242@)", "buyer4242@"),
    await search("message text (Shenzhen #4242)", "Shenzhen #4242"),
    await search("lead number (LD-004242)", "LD-004242"),
    await search("nothing found (zzqx)", "zzqx"),
    await measure("search + counts: 1 character (王)", () => countLeadsByStatus(prisma, { search: "王" })),
    await measure("search + counts: rare (鑫)", () => countLeadsByStatus(prisma, { search: "鑫" })),
    await measure("search + counts: 1 in 300 (杨)", () => countLeadsByStatus(prisma, { search: "杨" })),
    await measure("search sorted by name (鑫)", () => listLeads(prisma, { ...list, sort: "name", dir: "asc", search: "鑫" })),
    await measure("search sorted by name, common (王)", () => listLeads(prisma, { ...list, sort: "name", dir: "asc", search: "王" })),
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
    const target = r.name.startsWith("search") || r.name.startsWith("counts") ? 100 : r.name.startsWith("baseline") ? null : 30;
    console.log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${target === null ? "—" : `${r.p95 <= target ? "meets" : "MISSES"} ≤ ${target}`} |`);
  }
  const keyset = results[1]!;
  // Any miss fails the command (CI or a person running it sees it at once).
  process.exitCode = results.some((r) => !r.name.startsWith("baseline") && r.p95 > (r.name.startsWith("search") || r.name.startsWith("counts") ? 100 : 30))
    ? 1
    : 0;
  const offset = results.at(-1)!;
  console.log(`\nkeyset vs OFFSET for the same deep page: ${(offset.p95 / keyset.p95).toFixed(0)}× faster (p95)`);
  // A search that reads many leads (a common term sorted by name) is as fast as the pages it
  // reads are in PostgreSQL's own cache: say how the server compares with the data.
  const { rows: memory } = await sql.query<{ buffers: string; lead: string }>(
    "select current_setting('shared_buffers') as buffers, pg_size_pretty(pg_total_relation_size('lead')) as lead",
  );
  console.log(`PostgreSQL shared_buffers ${memory[0]!.buffers}; the lead table with its indexes ${memory[0]!.lead} (docs/OPERATIONS.md, "Size the database")`);
} finally {
  await tearDown(
    () => prisma.$disconnect(),
    () => sql.end(), // a no-op when it never connected
    () => (values.keep || values.reuse ? undefined : database.drop()),
  );
}
