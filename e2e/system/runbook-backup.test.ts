// docs/OPERATIONS.md, "Back up and restore": the documented pg_dump / pg_restore commands, run
// verbatim on a test database with orders in it. The restored database holds the same orders
// and operation records, and a retry of an order's key replays the first answer from it.
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, createContextInner } from "@once/api";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { seedDatabase } from "@once/db/seed";
import { createTestDatabase, testAdminUrl, type TestDatabase } from "@once/db/testing";
import { onTestMachine, RUN, type TestMachine } from "./runbook-commands.ts";

const work = mkdtempSync(path.join(os.tmpdir(), "once-backup-"));
const restoredName = `t_restored_${randomBytes(4).toString("hex")}`;
const machine: TestMachine = { srv: path.join(work, "srv"), work, port: 0, restoredName };
let database: TestDatabase;
let prisma: PrismaClient;

function urlOf(name: string): string {
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs a documented command through bash on the test machine; its output, or a failure. */
function run(command: string, env: Record<string, string>): string {
  const result = spawnSync("bash", ["-c", onTestMachine(command, machine)], { encoding: "utf8", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

beforeAll(async () => {
  database = await createTestDatabase("backup");
  await seedDatabase(database.url);
  prisma = createPrismaClient(database.url, { poolSize: 2 });
});
afterAll(async () => {
  await prisma?.$disconnect();
  const admin = new pg.Client({ connectionString: testAdminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists "${restoredName}" with (force)`);
  await admin.end();
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

const snapshot = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const records = await client.query(`select principal, operation, key, fingerprint, outcome::text, response_body from idempotency_record order by id`);
    const orders = await client.query(`select id, number, customer_id, operation_key, quantity from sample_order order by number`);
    const guides = await client.query(`select slug, stock from guide order by slug`);
    return { records: records.rows, orders: orders.rows, guides: guides.rows };
  } finally {
    await client.end();
  }
};

describe("back up and restore", () => {
  it("round-trips orders and operation records through pg_dump and pg_restore; keys still replay", async () => {
    const customerId = randomBytes(16).toString("base64url");
    const api = createCaller(createContextInner({ prisma, customerId }));
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const firsts = [];
    for (const idempotencyKey of keys) firsts.push(await api.order.create({ idempotencyKey, item: "sample-guide", quantity: 1 }));
    const before = await snapshot(database.url);
    expect(before.orders).toHaveLength(3);

    const env = { DATABASE_URL: database.url, ADMIN_URL: testAdminUrl(), RESTORE_URL: urlOf(restoredName) };
    run(RUN.dump, env);
    expect(run(RUN.listDump, env)).toMatch(/TABLE DATA public idempotency_record/);
    run(RUN.createRestoreTarget, env);
    run(RUN.restore, env);

    expect(await snapshot(urlOf(restoredName))).toEqual(before);
    const restored = createPrismaClient(urlOf(restoredName), { poolSize: 1 });
    try {
      const again = createCaller(createContextInner({ prisma: restored, customerId }));
      for (const [i, idempotencyKey] of keys.entries()) {
        expect(await again.order.create({ idempotencyKey, item: "sample-guide", quantity: 1 })).toEqual({ ...firsts[i], replayed: true });
      }
      expect(await restored.order.count({ where: { customerId } })).toBe(3);
    } finally {
      await restored.$disconnect();
    }
  });
});
