// `pnpm bench:storage`: does the protocol stay as fast when idempotency_record is large?
// Two fresh databases on the local PostgreSQL: one with an empty table, one filled with
// 10,000,000 records (storage-fill.ts: a year of traffic under the default policy, mostly
// tombstones). Then, alternating between the two in blocks so that other load on the machine
// hits both alike, one connection each runs the protocol (runOnce over the PostgreSQL store,
// as the nodes do) for:
//   claim   a fresh key of an existing customer: the claim, the outcome, the commit;
//   replay  a random live record (completed or rejected): the claim, which finds the key taken
//           and reads its record, and the stored answer.
// Target: p95 on the full table within 20 % of the empty one (ratio ≤ 1.2). Then the retention
// sweep on the full table: one expiry batch, and compaction batches of 500 tombstones.
import { randomInt, randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { createTestDatabase, type TestDatabase } from "@once/db/testing";
import { computeFingerprint } from "@once/idempotency";
import { runOnce, tombstoneHorizon, type IdempotentOperation } from "@once/idempotency/server";
import { createPostgresStore } from "@once/idempotency/postgres";
import { percentile } from "./load.ts";
import { CUSTOMERS, fillRecords, liveRecord, operationOf, principalOf } from "./storage-fill.ts";
import { tearDown } from "./tear-down.ts";

const { values } = parseArgs({
  options: { records: { type: "string", default: "10000000" }, rounds: { type: "string", default: "20" }, block: { type: "string", default: "150" } },
});
const total = Number(values.records);
const rounds = Number(values.rounds);
const block = Number(values.block);

// The protocol alone: no business write, so what is measured is the record's cost.
type Input = { n: number };
const benchOperation = (type: string): IdempotentOperation<Input, { key: string }, unknown> => ({
  type,
  fingerprint: { fields: ["n"] },
  execute: (_tx, _input, { key }) => Promise.resolve({ outcome: "completed", status: 201, body: { key }, resultId: key }),
});
const operations = { order: benchOperation("order"), lead: benchOperation("lead") };
const input: Input = { n: 1 };
const fingerprint = computeFingerprint({ fields: ["n"] }, input);

interface Side {
  name: string;
  database: TestDatabase;
  prisma: PrismaClient;
  claimed: { principal: string; operation: string; key: string }[];
  times: { claim: number[]; replay: number[] };
}

/** Every side opened, so that its database is dropped at the end whatever failed. */
const opened: Side[] = [];

async function open(name: string, label: string): Promise<Side> {
  const database = await createTestDatabase(label);
  const side: Side = { name, database, prisma: createPrismaClient(database.url, { poolSize: 2 }), claimed: [], times: { claim: [], replay: [] } };
  opened.push(side);
  return side;
}

async function timed(into: number[], run: () => Promise<{ replayed: boolean }>, replayed: boolean) {
  const t0 = performance.now();
  const result = await run();
  into.push(performance.now() - t0);
  if (result.replayed !== replayed) throw new Error(`expected ${replayed ? "a replay" : "an execution"}`);
}

async function claimBlock(side: Side) {
  const store = createPostgresStore(side.prisma);
  for (let n = 0; n < block; n++) {
    const customer = randomInt(CUSTOMERS);
    const scope = { principal: principalOf(customer), operation: operationOf(customer), key: randomUUID() };
    await timed(side.times.claim, () => runOnce(store, operations[scope.operation as "order"], { principal: scope.principal, key: scope.key, input }), false);
    side.claimed.push(scope);
  }
}

async function replayBlock(side: Side, pick: () => { principal: string; operation: string; key: string }) {
  const store = createPostgresStore(side.prisma);
  for (let n = 0; n < block; n++) {
    const scope = pick();
    await timed(side.times.replay, () => runOnce(store, operations[scope.operation as "order"], { principal: scope.principal, key: scope.key, input }), true);
  }
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

const started = performance.now();
let sql: pg.Client | undefined;
try {
  const empty = await open("empty table", "benchstorage_empty");
  const full = await open(`${total.toLocaleString("en")} records`, "benchstorage_full");
  sql = new pg.Client({ connectionString: full.database.url });
  await sql.connect();
  console.log(`filling ${total.toLocaleString("en")} records …`);
  const fill = await fillRecords(sql, total, fingerprint);
  const indexes = Object.entries(fill.indexSeconds)
    .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
    .join(", ");
  console.log(`insert ${fill.insertSeconds.toFixed(1)} s; indexes built again: ${indexes}; analyze ${fill.analyzeSeconds.toFixed(1)} s`);
  const { rows: size } = await sql.query<{ table: string; indexes: string; per: string }>(
    `select pg_size_pretty(pg_table_size('idempotency_record')) as table, pg_size_pretty(pg_indexes_size('idempotency_record')) as indexes,
       round(pg_total_relation_size('idempotency_record')::numeric / $1) as per`,
    [total],
  );
  console.log(`size: table ${size[0]!.table}, indexes ${size[0]!.indexes} (${size[0]!.per} bytes per record in all)`);

  // Warm-up (connections, plans, the first pages), not measured.
  for (const side of [empty, full]) {
    await claimBlock(side);
    side.times = { claim: [], replay: [] };
  }
  const liveRecords = Math.floor(total / 13);
  const pickEmpty = () => empty.claimed[randomInt(empty.claimed.length)]!;
  const pickFull = () => liveRecord(randomInt(liveRecords), randomInt(2) === 1);
  for (let round = 0; round < rounds; round++) {
    // Alternate which side goes first, so neither always follows the other's cache effects.
    const order = round % 2 === 0 ? [empty, full] : [full, empty];
    for (const side of order) {
      await claimBlock(side);
      await replayBlock(side, side === empty ? pickEmpty : pickFull);
    }
  }

  console.log(`\n${rounds * block} claims and ${rounds * block} replays per table, one connection, in alternating blocks of ${block}\n`);
  console.log("| operation | empty p50 ms | empty p95 ms | full p50 ms | full p95 ms | p95 ratio | target ≤ 1.2 |");
  console.log("|---|---|---|---|---|---|---|");
  for (const what of ["claim", "replay"] as const) {
    const e = stats(empty.times[what]);
    const f = stats(full.times[what]);
    const ratio = f.p95 / e.p95;
    console.log(
      `| ${what} | ${e.p50.toFixed(2)} | ${e.p95.toFixed(2)} | ${f.p50.toFixed(2)} | ${f.p95.toFixed(2)} | ${ratio.toFixed(2)} | ${ratio <= 1.2 ? "meets" : "MISSES"} |`,
    );
  }

  // The retention sweep on the full table, as the nodes run it: bounded statements.
  const store = createPostgresStore(full.prisma);
  let t0 = performance.now();
  const expired = await store.expire({ batchSize: 500, maxBatches: 1 });
  console.log(`\nexpiry sweep, one batch: ${expired} due, ${(performance.now() - t0).toFixed(1)} ms`);
  t0 = performance.now();
  const none = await store.compact({ expiredBefore: tombstoneHorizon(new Date(), 365), batchSize: 500, maxBatches: 1 });
  console.log(`compaction at the default horizon (365 days): ${none} due, ${(performance.now() - t0).toFixed(1)} ms`);
  // A shorter horizon makes the oldest tombstones due (as a year-old database would have them).
  const batchTimes: number[] = [];
  for (let n = 0; n < 20; n++) {
    t0 = performance.now();
    await store.compact({ expiredBefore: tombstoneHorizon(new Date(), 300), batchSize: 500, maxBatches: 1 });
    batchTimes.push(performance.now() - t0);
  }
  const batches = stats(batchTimes);
  console.log(`compaction, 20 batches of 500 tombstones: p50 ${batches.p50.toFixed(1)} ms, p95 ${batches.p95.toFixed(1)} ms per batch`);
  console.log(`\ntotal ${seconds(started)} s`);
} finally {
  // Each side disconnected and its database dropped, even when an earlier step fails.
  await tearDown(() => sql?.end(), ...opened.flatMap((side) => [() => side.prisma.$disconnect(), () => side.database.drop()]));
}
