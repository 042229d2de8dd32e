/**
 * Integration tests against a real PostgreSQL (TEST_DATABASE_URL, default
 * postgresql://postgres@127.0.0.1:5432/postgres). Each test gets its own
 * `t_mig_*` database and a private copy of the fixtures; all are dropped after.
 */
import { randomUUID } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import {
  createMigration,
  deployMigrations,
  diffMigrationsToSchema,
  migrationStatus,
  resolveMigration,
  SchemaEngineError,
  SHADOW_DB_PREFIX,
} from "./migrate-engine.ts";
import { withDatabase } from "./migration-adapter.ts";

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const FIXTURES = path.join(import.meta.dirname, "fixtures");
const INITIAL = ["20250101000000_init", "20250102000000_posts"];

async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const shadowDbs = () => sql(ADMIN_URL, `SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${SHADOW_DB_PREFIX}%`]);
const tablesOf = async (url: string) =>
  (await sql<{ tablename: string }>(url, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).map((r) => r.tablename);

const cleanups: (() => Promise<void>)[] = [];

/** A fresh empty database + a private copy of the fixtures. */
async function setup() {
  const name = `t_mig_${randomUUID().slice(0, 8)}`;
  await sql(ADMIN_URL, `CREATE DATABASE "${name}"`);
  const dir = await mkdtemp(path.join(tmpdir(), "prisma-wasm-lab-"));
  await cp(FIXTURES, dir, { recursive: true });
  cleanups.push(async () => {
    await sql(ADMIN_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await rm(dir, { recursive: true, force: true });
  });
  return {
    databaseUrl: withDatabase(ADMIN_URL, name),
    migrationsDir: path.join(dir, "migrations"),
    schemaPath: path.join(dir, "schema.prisma"),
  };
}

async function addMigration(migrationsDir: string, name: string, script: string) {
  await mkdir(path.join(migrationsDir, name));
  await writeFile(path.join(migrationsDir, name, "migration.sql"), script);
}

beforeAll(async () => {
  expect(await shadowDbs(), "shadow databases left over by an earlier run").toEqual([]);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  expect(await shadowDbs()).toEqual([]);
});

describe("deployMigrations / migrationStatus", () => {
  it("reports every migration pending on an empty database", async () => {
    const ctx = await setup();
    const status = await migrationStatus(ctx);
    expect(status).toMatchObject({ pending: INITIAL, failed: [], hasMigrationsTable: false, upToDate: false });
  });

  it('deploys to an empty database (plpgsql bodies with ";" intact), then status is clean', async () => {
    const ctx = await setup();
    expect(await deployMigrations(ctx)).toEqual(INITIAL);

    // The function body was sent whole: the trigger works.
    await sql(ctx.databaseUrl, `INSERT INTO "User"(email, "updatedAt") VALUES ('a@b.c', '2000-01-01')`);
    const [row] = await sql<{ updatedAt: Date }>(ctx.databaseUrl, `UPDATE "User" SET email = 'x@y.z' RETURNING "updatedAt"`);
    expect(new Date(row!.updatedAt).getFullYear()).toBeGreaterThan(2000);

    // Recorded in Prisma's standard table, so the official CLI can take over.
    const records = await sql(
      ctx.databaseUrl,
      `SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at, applied_steps_count, length(checksum) AS checksum_len
         FROM _prisma_migrations ORDER BY migration_name`,
    );
    expect(records).toEqual(
      INITIAL.map((migration_name) => ({ migration_name, finished: true, rolled_back_at: null, applied_steps_count: 1, checksum_len: 64 })),
    );

    expect(await migrationStatus(ctx)).toMatchObject({ pending: [], failed: [], edited: [], history: null, upToDate: true });
    expect(await deployMigrations(ctx)).toEqual([]); // idempotent
  });

  it("rolls a failing migration back whole, reports it clearly, and recovers via resolve", async () => {
    const ctx = await setup();
    const broken = "20250103000000_broken";
    await addMigration(
      ctx.migrationsDir,
      broken,
      `CREATE TABLE "Half" (id int);\nCREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql;\nINSERT INTO "NoSuchTable" VALUES (1);\n`,
    );

    const error = await deployMigrations(ctx).then(
      () => expect.unreachable("deploy should fail"),
      (e: unknown) => e as SchemaEngineError,
    );
    expect(error).toBeInstanceOf(SchemaEngineError);
    expect(error.migrationName).toBe(broken);
    expect(error.databaseError).toMatchObject({ code: "42P01" });
    expect(error.message).toContain(`Migration \`${broken}\` failed: relation "NoSuchTable" does not exist (SQLSTATE 42P01)`);
    expect(error.message).toContain("rolled back");

    // Earlier migrations applied; nothing of the broken one (no half-applied table/function).
    expect(await tablesOf(ctx.databaseUrl)).toEqual(["Post", "User", "_prisma_migrations"]);
    expect(await sql(ctx.databaseUrl, `SELECT 1 FROM pg_proc WHERE proname = 'f'`)).toEqual([]);

    const status = await migrationStatus(ctx);
    expect(status).toMatchObject({ failed: [broken], upToDate: false });

    // Further deploys refuse until resolved (P3009), like the official CLI.
    await expect(deployMigrations(ctx)).rejects.toMatchObject({ code: "P3009" });

    // Fix the file, mark the failed attempt rolled back, deploy again.
    await writeFile(path.join(ctx.migrationsDir, broken, "migration.sql"), `CREATE TABLE "Half" (id int);\n`);
    await resolveMigration({ ...ctx, migrationName: broken, as: "rolled-back" });
    expect(await deployMigrations(ctx)).toEqual([broken]);
    expect(await migrationStatus(ctx)).toMatchObject({ failed: [], upToDate: true });
  });
});

describe("diffMigrationsToSchema", () => {
  it("is empty when the migrations match schema.prisma", async () => {
    const ctx = await setup();
    expect(await diffMigrationsToSchema({ ...ctx, shadowDatabaseUrl: ADMIN_URL })).toBe("");
  });

  it("is non-empty when the schema gains a field", async () => {
    const ctx = await setup();
    const schema = await readFile(ctx.schemaPath, "utf8");
    await writeFile(ctx.schemaPath, schema.replace("  title    String\n", "  title    String\n  body     String?\n"));
    const diff = await diffMigrationsToSchema({ ...ctx, shadowDatabaseUrl: ADMIN_URL });
    expect(diff).toContain('ALTER TABLE "Post" ADD COLUMN');
    expect(diff).toContain('"body" TEXT');
  });

  it("fails clearly (and still drops its shadow database) when a migration does not replay", async () => {
    const ctx = await setup();
    await addMigration(ctx.migrationsDir, "20250103000000_bad", `ALTER TABLE "Nope" ADD COLUMN x int;\n`);
    await expect(diffMigrationsToSchema({ ...ctx, shadowDatabaseUrl: ADMIN_URL })).rejects.toThrow(
      /P3006: Migration `20250103000000_bad` failed to apply cleanly to the shadow database[\s\S]*Database error: relation "Nope" does not exist \(SQLSTATE 42P01\)/,
    );
    expect(await shadowDbs()).toEqual([]);
  });
});

describe("createMigration", () => {
  it("returns null when there is no change, writes the next migration otherwise", async () => {
    const ctx = await setup();
    await deployMigrations(ctx);
    expect(await createMigration({ ...ctx, name: "nothing" })).toBeNull();

    const schema = await readFile(ctx.schemaPath, "utf8");
    await writeFile(ctx.schemaPath, schema.replace("  title    String\n", "  title    String\n  body     String?\n"));
    const created = await createMigration({ ...ctx, name: "Add post body" });
    expect(created?.name).toMatch(/^\d{14}_add_post_body$/);
    expect(created?.sql).toContain('ALTER TABLE "Post" ADD COLUMN');
    expect(await readFile(created!.path, "utf8")).toBe(created!.sql);
    expect(await readFile(path.join(ctx.migrationsDir, "migration_lock.toml"), "utf8")).toContain('provider = "postgresql"');
    expect((await readdir(ctx.migrationsDir)).sort()).toEqual([...INITIAL, created!.name, "migration_lock.toml"].sort());

    // Not applied by create; deploy applies it, and then everything agrees.
    expect(await migrationStatus(ctx)).toMatchObject({ pending: [created!.name] });
    expect(await deployMigrations(ctx)).toEqual([created!.name]);
    expect(await diffMigrationsToSchema({ ...ctx, shadowDatabaseUrl: ADMIN_URL })).toBe("");
  });

  it("applies pending migrations first (like migrate dev) and works on an empty database", async () => {
    const ctx = await setup();
    const schema = await readFile(ctx.schemaPath, "utf8");
    await writeFile(ctx.schemaPath, schema.replace("  role      Role     @default(USER)\n", "  role      Role     @default(USER)\n  bio       String?\n"));
    const created = await createMigration({ ...ctx, name: "user_bio" });
    expect(created?.sql).toContain('ALTER TABLE "User" ADD COLUMN');
    expect(await migrationStatus(ctx)).toMatchObject({ pending: [created!.name], failed: [] });
  });

  it("refuses when the dev database drifted from the migrations", async () => {
    const ctx = await setup();
    await deployMigrations(ctx);
    await sql(ctx.databaseUrl, `CREATE TABLE "Drift" (id int)`);
    await expect(createMigration({ ...ctx, name: "x" })).rejects.toThrow(/must be reset[\s\S]*Drift/);
  });
});
