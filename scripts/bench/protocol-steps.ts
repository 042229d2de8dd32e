// `pnpm bench:protocol-steps`: where the protocol's cost goes, step by step, without HTTP.
// `pnpm bench:idempotency` measures whole requests; this measures, in one process on the same
// Prisma client and pool the node uses (50 connections, 50 concurrent callers), the CPU each
// step costs this process and the PostgreSQL backends serving it: one statement through
// Prisma, the same statement on node-postgres alone, Prisma's interactive transaction, the
// look-up before the claim, and the four scenarios' database work ((a) to (d) minus HTTP,
// session and write budget). Figures are per operation; read them against each other, in one run.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { insertLeadWithoutProtocol, recordStore, submitLeadOperation, submitLeadSeed000Style } from "@once/api/bench/baselines";
import { createPrismaClient } from "@once/db";
import { createTestDatabase, testAdminUrl } from "@once/db/testing";
import { runOnce } from "@once/idempotency/server";
import { cpuMsOf } from "./process-cpu.ts";
import { tearDown } from "./tear-down.ts";

const { values } = parseArgs({ options: { operations: { type: "string", default: "3000" }, concurrency: { type: "string", default: "50" } } });
const operations = Number(values.operations);
const concurrency = Number(values.concurrency);

const database = await createTestDatabase("bench_steps");
const prisma = createPrismaClient(database.url, { poolSize: concurrency });
// Its own pool of the same size, ended right after its step (`after`): both pools at once would
// pass the server's connection limit (100 by default).
const pool = new pg.Pool({ connectionString: database.url, max: concurrency });
const admin = new pg.Client({ connectionString: testAdminUrl() });
try {
  await admin.connect();
  const store = recordStore(prisma); // the REST endpoints' own store
  const principal = `customer:${randomUUID()}`;
  // What the REST endpoint hands the operation for the HTTP bench's body (optional fields null).
  const lead = (i: number) => ({
    name: "Bench Customer",
    phone: `+86${String(13000000000 + i)}`,
    content: "Please send the sample guide price list.",
    email: null,
    company: null,
  });
  const replayKeys: string[] = [];
  for (let i = 0; i < 200; i++) {
    const key = randomUUID();
    await runOnce(store, submitLeadOperation, { principal, key, input: lead(i) });
    replayKeys.push(key);
  }

  type Step = [name: string, step: (i: number) => Promise<unknown>, after?: () => Promise<void>];
  const steps: Step[] = [
    // First, while Prisma's pool holds one connection (see `pool`).
    ["one statement on node-postgres alone", () => pool.query("select 1"), () => pool.end()],
    ["one statement through Prisma ($queryRawUnsafe)", () => prisma.$queryRawUnsafe("select 1")],
    ["Prisma interactive transaction, empty", () => prisma.$transaction(() => Promise.resolve(undefined))],
    ["interactive transaction + one statement", () => prisma.$transaction((tx) => tx.$queryRawUnsafe("select 1"))],
    ["look-up before the claim (store.find)", () => store.find({ principal, operation: "lead" }, randomUUID())],
    ["(a) business write alone", (i) => insertLeadWithoutProtocol(prisma, principal, randomUUID(), lead(i))],
    ["(b) runOnce, fresh key", (i) => runOnce(store, submitLeadOperation, { principal, key: randomUUID(), input: lead(i) })],
    ["(b') runOnce, fresh key, look-up skipped", (i) => runOnce(store, submitLeadOperation, { principal, key: randomUUID(), input: lead(i), found: null })],
    [
      "(c) runOnce, replay",
      (i) => runOnce(store, submitLeadOperation, { principal, key: replayKeys[i % replayKeys.length]!, input: lead(i % replayKeys.length) }),
    ],
    ["(d) seed 000 protocol", (i) => submitLeadSeed000Style(prisma, principal, randomUUID(), lead(i))],
  ];

  const backends = async () =>
    (await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database.name])).rows.map(
      (r) => r.pid,
    );
  const run = async (step: (i: number) => Promise<unknown>, count: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) await step(next++);
      }),
    );
  };

  console.log(`\n${operations} operations per step, ${concurrency} at once, PostgreSQL ${database.name}\n`);
  console.log("| step | this process µs/op | PostgreSQL µs/op | ops/s |");
  console.log("|---|---|---|---|");
  for (const [name, step, after] of steps) {
    await run(step, Math.min(1000, operations)); // warm-up: pool connections, plans, JIT
    const pids = await backends();
    const before = { cpu: process.cpuUsage(), database: cpuMsOf(pids), at: performance.now() };
    await run(step, operations);
    const cpu = process.cpuUsage(before.cpu);
    const seconds = (performance.now() - before.at) / 1000;
    const nodeUs = (cpu.user + cpu.system) / operations;
    const databaseUs = ((cpuMsOf([...new Set([...pids, ...(await backends())])]) - before.database) * 1000) / operations;
    console.log(`| ${name} | ${nodeUs.toFixed(0)} | ${databaseUs.toFixed(0)} | ${(operations / seconds).toFixed(0)} |`);
    await after?.();
  }
} finally {
  await tearDown(
    () => admin.end(),
    () => (pool.ended ? undefined : pool.end()),
    () => prisma.$disconnect(),
    () => database.drop(),
  );
}
