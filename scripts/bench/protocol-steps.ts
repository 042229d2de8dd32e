// `pnpm bench:protocol-steps`: where the protocol's cost goes, step by step, without HTTP.
// `pnpm bench:idempotency` measures whole requests; this measures, in one process on the same
// Prisma client and pool the node uses (50 connections, 50 concurrent callers), the CPU each
// step costs this process and the PostgreSQL backends serving it: one statement through
// Prisma, the same statement on node-postgres alone, Prisma's interactive transaction, a
// look-up of a key, and the four scenarios' database work ((a) to (d) minus HTTP, session and
// write budget), with and without a look-up by the caller as REST makes one (to choose the
// budget). Figures are per operation; read them against each other, in one run.
//
// Beside the timings it prints what each operation sends to PostgreSQL, counted on the wire by a
// proxy (./counting-proxy.ts) in front of the server, one operation at a time on clients of
// their own (the timed runs do not go through it): statements, syncs (each Sync or simple
// Query) and round trips (turns: a round trip carries several syncs where the app's
// connections pipeline, packages/db/src/pipelined-client.ts). Also for a concurrent duplicate: a second request with
// the key of one still running its business write, which must wait and then replay. The
// statements of one fresh key, one replay and one such duplicate are printed in order.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { insertLeadWithoutProtocol, recordStore, submitLeadOperation, submitLeadSeed000Style } from "@once/api/bench/baselines";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { createTestDatabase, testAdminUrl } from "@once/db/testing";
import { runOnce } from "@once/idempotency/server";
import { startCountingProxy, type CountingProxy, type WireCounts } from "./counting-proxy.ts";
import { cpuMsOf } from "./process-cpu.ts";
import { tearDown } from "./tear-down.ts";

const { values } = parseArgs({
  options: { operations: { type: "string", default: "3000" }, concurrency: { type: "string", default: "50" }, counted: { type: "string", default: "100" } },
});
const operations = Number(values.operations);
const countedOperations = Number(values.counted);
const concurrency = Number(values.concurrency);

const database = await createTestDatabase("bench_steps");
const prisma = createPrismaClient(database.url, { poolSize: concurrency });
// Its own pool of the same size, ended right after its step (`after`): both pools at once would
// pass the server's connection limit (100 by default).
const pool = new pg.Pool({ connectionString: database.url, max: concurrency });
const admin = new pg.Client({ connectionString: testAdminUrl() });
// The counted operations' clients, each through a proxy of its own: a concurrent duplicate's
// statements are told from its first's by the proxy they pass.
const target = new URL(database.url);
const proxies: CountingProxy[] = [];
const countedClients: PrismaClient[] = [];
try {
  await admin.connect();
  for (let i = 0; i < 2; i++) {
    const proxy = await startCountingProxy({ host: target.hostname, port: Number(target.port || 5432) });
    proxies.push(proxy);
    countedClients.push(createPrismaClient(proxy.url(database.url), { poolSize: 2 }));
  }
  const [firstProxy, secondProxy] = proxies as [CountingProxy, CountingProxy];
  const [counted, countedSecond] = countedClients as [PrismaClient, PrismaClient];

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
    await runOnce(recordStore(prisma), submitLeadOperation, { principal, key, input: lead(i) });
    replayKeys.push(key);
  }
  const replay = (i: number) => ({ principal, key: replayKeys[Math.abs(i) % replayKeys.length]!, input: lead(Math.abs(i) % replayKeys.length) });

  /** The scenarios' database work on one client (the timed one, or a counted one). */
  const scenariosOn = (client: PrismaClient): [name: string, step: (i: number) => Promise<unknown>][] => {
    const store = recordStore(client); // the REST endpoints' own store
    const scope = { principal, operation: submitLeadOperation.type };
    return [
      ["(a) business write alone", (i) => insertLeadWithoutProtocol(client, principal, randomUUID(), lead(i))],
      ["(b) runOnce, fresh key", (i) => runOnce(store, submitLeadOperation, { principal, key: randomUUID(), input: lead(i) })],
      ["(b') runOnce, fresh key, found: null", (i) => runOnce(store, submitLeadOperation, { principal, key: randomUUID(), input: lead(i), found: null })],
      [
        "(b'') the caller's look-up, then runOnce (REST), fresh key",
        async (i) => {
          const key = randomUUID();
          const found = await store.find(scope, key);
          return runOnce(store, submitLeadOperation, { principal, key, input: lead(i), found });
        },
      ],
      ["(c) runOnce, replay", (i) => runOnce(store, submitLeadOperation, replay(i))],
      [
        "(c') the caller's look-up, then runOnce (REST), replay",
        async (i) => runOnce(store, submitLeadOperation, { ...replay(i), found: await store.find(scope, replay(i).key) }),
      ],
      ["(d) seed 000 protocol", (i) => submitLeadSeed000Style(client, principal, randomUUID(), lead(i))],
    ];
  };

  // What each operation sends, counted on the wire, one operation at a time.
  const sends = new Map<string, WireCounts>();
  const perOperation = async (name: string, proxy: CountingProxy, step: (i: number) => Promise<unknown>) => {
    await step(-1); // the client's connection and prepared types, outside the count
    proxy.reset();
    for (let i = 0; i < countedOperations; i++) await step(i);
    const total = proxy.counts();
    sends.set(name, {
      statements: total.statements / countedOperations,
      syncs: total.syncs / countedOperations,
      roundTrips: total.roundTrips / countedOperations,
    });
  };
  // The first request holds its business write until the duplicate is seen waiting for a lock,
  // so the duplicate always arrives while the first is running (never before, never after).
  const waitingForLock = async () =>
    Number(
      (await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [database.name]))
        .rows[0]!.n,
    );
  const concurrentDuplicate = async (i: number) => {
    const key = randomUUID();
    let enter!: () => void;
    const entered = new Promise<void>((resolve) => (enter = resolve));
    const held: typeof submitLeadOperation = {
      ...submitLeadOperation,
      async execute(tx, input, context) {
        enter();
        while ((await waitingForLock()) === 0) await new Promise((resolve) => setTimeout(resolve, 2));
        return submitLeadOperation.execute(tx, input, context);
      },
    };
    const first = runOnce(recordStore(counted), held, { principal, key, input: lead(i) });
    await entered;
    const second = await runOnce(recordStore(countedSecond), submitLeadOperation, { principal, key, input: lead(i) }, { lockTimeoutMs: 10_000 });
    if (!second.replayed) throw new Error("the concurrent duplicate executed");
    await first;
  };
  for (const [name, step] of scenariosOn(counted)) await perOperation(name, firstProxy, step);
  const duplicate = "(e) a concurrent duplicate (the second request)";
  await perOperation(duplicate, secondProxy, concurrentDuplicate);
  // The statements of one of each, in order.
  const traced: [string, CountingProxy, () => Promise<unknown>][] = [
    ["(b) a fresh key", firstProxy, () => runOnce(recordStore(counted), submitLeadOperation, { principal, key: randomUUID(), input: lead(7) })],
    ["(c) a replay", firstProxy, () => runOnce(recordStore(counted), submitLeadOperation, replay(7))],
    ["(e) a concurrent duplicate", secondProxy, () => concurrentDuplicate(7)],
  ];
  const traces: string[] = [];
  for (const [name, proxy, once] of traced) {
    const stop = proxy.trace();
    await once();
    traces.push(`${name}:`, ...stop().map((s, n) => `  ${n + 1}. [connection ${s.connection}] ${s.sql}`));
  }

  type Step = [name: string, step: (i: number) => Promise<unknown>, after?: () => Promise<void>];
  const steps: Step[] = [
    // First, while Prisma's pool holds one connection (see `pool`).
    ["one statement on node-postgres alone", () => pool.query("select 1"), () => pool.end()],
    ["one statement through Prisma ($queryRawUnsafe)", () => prisma.$queryRawUnsafe("select 1")],
    ["Prisma interactive transaction, empty", () => prisma.$transaction(() => Promise.resolve(undefined))],
    ["interactive transaction + one statement", () => prisma.$transaction((tx) => tx.$queryRawUnsafe("select 1"))],
    ["a look-up of a key (store.find)", () => recordStore(prisma).find({ principal, operation: "lead" }, randomUUID())],
    ...scenariosOn(prisma),
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
  const sent = (name: string) => {
    const c = sends.get(name);
    return c ? `${c.statements.toFixed(1)} | ${c.syncs.toFixed(1)} | ${c.roundTrips.toFixed(1)}` : " | | ";
  };
  console.log("| step | this process µs/op | PostgreSQL µs/op | ops/s | statements/op | syncs/op | round trips/op |");
  console.log("|---|---|---|---|---|---|---|");
  for (const [name, step, after] of steps) {
    await run(step, Math.min(1000, operations)); // warm-up: pool connections, plans, JIT
    const pids = await backends();
    const before = { cpu: process.cpuUsage(), database: cpuMsOf(pids), at: performance.now() };
    await run(step, operations);
    const cpu = process.cpuUsage(before.cpu);
    const seconds = (performance.now() - before.at) / 1000;
    const nodeUs = (cpu.user + cpu.system) / operations;
    const databaseUs = ((cpuMsOf([...new Set([...pids, ...(await backends())])]) - before.database) * 1000) / operations;
    console.log(`| ${name} | ${nodeUs.toFixed(0)} | ${databaseUs.toFixed(0)} | ${(operations / seconds).toFixed(0)} | ${sent(name)} |`);
    await after?.();
  }
  console.log(`| ${duplicate} | – | – | – | ${sent(duplicate)} |`);
  console.log(
    `\nStatements, syncs and round trips (turns of the conversation): ${countedOperations} operations each, one at a time, counted by a proxy on the wire; a round trip carries more than one sync where the connection pipelines.`,
  );
  console.log(`\n${traces.join("\n")}`);
} finally {
  await tearDown(
    ...countedClients.map((client) => () => client.$disconnect()),
    ...proxies.map((proxy) => () => proxy.close()),
    () => admin.end(),
    () => (pool.ended ? undefined : pool.end()),
    () => prisma.$disconnect(),
    () => database.drop(),
  );
}
