// Start-up refuses bad databases with one clear line and never starts the server command.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import pg from "pg";
import { deployMigrations } from "../migrate/index.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testAdminUrl, type TestDatabase } from "../testing/test-database.ts";

const bin = path.join(import.meta.dirname, "../../bin/with-database.mjs");

function start(databaseUrl: string, env: Record<string, string> = {}) {
  const result = spawnSync("node", [bin, "--", "node", "-e", "console.log('SERVER STARTED')"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr.trim() };
}

function expectOneLineRefusal(result: ReturnType<typeof start>, pattern: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stdout).not.toContain("SERVER STARTED");
  expect(result.stderr.split("\n")).toHaveLength(1);
  expect(result.stderr).toMatch(/^error: /);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr).toMatch(pattern);
}

async function run(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

let broken: TestDatabase;
let foreign: TestDatabase;
beforeAll(async () => {
  // A migrated-but-empty database (Prisma's history table exists) where the first migration
  // cannot apply, because one of its tables is already there.
  broken = await createTestDatabase("broken", { migrate: false });
  const empty = await mkdtemp(path.join(os.tmpdir(), "no-migrations-"));
  await deployMigrations({ databaseUrl: broken.url, migrationsDir: empty });
  await rm(empty, { recursive: true });
  await run(broken.url, `create table guide (id int)`);
  // A database that holds someone else's tables and no migration history.
  foreign = await createTestDatabase("foreign", { migrate: false });
  await run(foreign.url, `create table unrelated (id int)`);
});
afterAll(async () => {
  await broken.drop();
  await foreign.drop();
});

describe("with-database", () => {
  it("refuses a malformed DATABASE_URL", () => {
    expectOneLineRefusal(start("not a url"), /DATABASE_URL: must be a URL like postgres:\/\//);
    expectOneLineRefusal(start("mysql://root@localhost/db"), /DATABASE_URL: must be a URL like postgres:\/\//);
  });

  it("refuses a malformed DIRECT_DATABASE_URL", () => {
    expectOneLineRefusal(start(testAdminUrl(), { DIRECT_DATABASE_URL: "pgbouncer" }), /DIRECT_DATABASE_URL: must be a URL like postgres:\/\//);
  });

  it("refuses a DATABASE_POOL_MODE it does not know, naming the three it does", () => {
    expectOneLineRefusal(start(testAdminUrl(), { DATABASE_POOL_MODE: "statement" }), /DATABASE_POOL_MODE: must be one of direct, session, transaction/);
  });

  it("refuses a DATABASE_POOL_SIZE larger than the server allows (e2e/system/pooler.test.ts has the pooler's refusals)", async () => {
    const client = new pg.Client({ connectionString: testAdminUrl() });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      "select current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int as n",
    );
    await client.end();
    const tooMany = rows[0]!.n + 1;
    expect(tooMany).toBeLessThanOrEqual(100); // the variable's own limit; the test server has the default 100
    expectOneLineRefusal(
      start(testAdminUrl(), { DATABASE_POOL_SIZE: String(tooMany) }),
      new RegExp(`refusing to start: DATABASE_POOL_SIZE=${tooMany} is more than PostgreSQL at .* allows .*: lower DATABASE_POOL_SIZE`),
    );
  });

  it("refuses an unreachable database", () => {
    expectOneLineRefusal(start("postgres://postgres@127.0.0.1:1/nothing"), /127\.0\.0\.1:1\/nothing is unreachable: connection refused/);
  });

  it("refuses a database that does not exist", () => {
    const url = new URL(testAdminUrl());
    url.pathname = "/no_such_database_here";
    expectOneLineRefusal(start(url.toString()), /the database no_such_database_here does not exist/);
  });

  it("refuses when a migration fails, naming the migration and the cause", () => {
    expectOneLineRefusal(start(broken.url), /Migration `\d+_init` failed: relation "guide" already exists/);
  });

  it("refuses a database that holds other tables and no migration history", () => {
    expectOneLineRefusal(start(foreign.url), /P3005: The database schema is not empty/);
  });

  it("starts the command on a healthy database with DATABASE_URL set", async () => {
    const healthy = await createTestDatabase("healthy", { migrate: false });
    try {
      const result = spawnSync("node", [bin, "--", "node", "-e", "console.log(process.env.DATABASE_URL)"], {
        env: { ...process.env, DATABASE_URL: healthy.url },
        encoding: "utf8",
      });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain("applied");
      expect(result.stdout).toContain(healthy.url);
    } finally {
      await healthy.drop();
    }
  });

  it("refuses to start production without SESSION_SECRET or BETTER_AUTH_SECRET, naming the variable, and keeps no secret in the database", async () => {
    const production = await createTestDatabase("production_secrets", { migrate: false });
    const secret = "s".repeat(40);
    const startProduction = (extra: Record<string, string>) => {
      const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: production.url, ...extra };
      for (const name of ["SESSION_SECRET", "BETTER_AUTH_SECRET"]) if (!(name in extra)) delete env[name];
      const result = spawnSync("node", [bin, "--production", "--", "node", "-e", "console.log('SERVER STARTED', process.env.NODE_ENV)"], {
        env,
        encoding: "utf8",
        timeout: 60_000,
      });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr.trim() };
    };
    try {
      expectOneLineRefusal(startProduction({ BETTER_AUTH_SECRET: secret }), /refusing to start: SESSION_SECRET is not set/);
      expectOneLineRefusal(startProduction({ SESSION_SECRET: secret }), /refusing to start: BETTER_AUTH_SECRET is not set/);
      const client = new pg.Client({ connectionString: production.url });
      await client.connect();
      const { rows } = await client.query<{ n: string }>("select count(*) as n from app_secret");
      await client.end();
      expect(Number(rows[0]!.n)).toBe(0);

      const started = startProduction({ SESSION_SECRET: secret, BETTER_AUTH_SECRET: secret });
      expect(started.code).toBe(0);
      expect(started.stdout).toContain("SERVER STARTED production");
    } finally {
      await production.drop();
    }
  });
});
