/**
 * Prisma Migrate without the native schema engine binary.
 *
 * Drives `@prisma/schema-engine-wasm` through a fixed `@prisma/adapter-pg`
 * (see migration-adapter.ts). Reads/writes the standard layout
 * (`<migrationsDir>/<timestamp>_<name>/migration.sql` + `migration_lock.toml`)
 * and the standard `_prisma_migrations` table, so `prisma migrate ...` can take
 * over at any time.
 */
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import type { HistoryDiagnostic, MigrationList, SchemaFilter, SchemasContainer } from "@prisma/schema-engine-wasm";

import { SchemaEngineError, withSchemaEngine } from "./schema-engine.ts";

export { SchemaEngineError };
export { SHADOW_DB_PREFIX } from "./migration-adapter.ts";

const LOCKFILE = "migration_lock.toml";
const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

export interface MigrationsOptions {
  /** PostgreSQL URL of the database to migrate/inspect. */
  databaseUrl: string;
  /** Absolute or cwd-relative path of `prisma/migrations`. */
  migrationsDir: string;
  /** Receives the engine's log lines (JSON), e.g. `console.error`. */
  log?: (line: string) => void;
}

/** Reads the migrations folder the way the Prisma CLI does (sorted by directory name). */
export async function loadMigrations(migrationsDir: string, shadowDbInitScript = ""): Promise<MigrationList> {
  const baseDir = path.resolve(migrationsDir);
  const entries = await readdir(baseDir, { withFileTypes: true }).catch(() => []);
  const dirs = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return {
    baseDir,
    shadowDbInitScript,
    lockfile: { path: LOCKFILE, content: await readFile(path.join(baseDir, LOCKFILE), "utf8").catch(() => null) },
    migrationDirectories: await Promise.all(
      dirs.map(async (dir) => ({
        path: dir,
        migrationFile: {
          path: "migration.sql",
          content: await readFile(path.join(baseDir, dir, "migration.sql"), "utf8").then(
            (value) => ({ tag: "ok" as const, value }),
            (e: Error) => ({ tag: "error" as const, value: e.message }),
          ),
        },
      })),
    ),
  };
}

/** Reads `schema.prisma`, or every `*.prisma` file below a schema folder (multi-file schemas). */
export async function loadSchema(schemaPath: string): Promise<SchemasContainer> {
  const root = path.resolve(schemaPath);
  if (!(await stat(root)).isDirectory()) return { files: [{ path: root, content: await readFile(root, "utf8") }] };
  const names = (await readdir(root, { recursive: true })).filter((f) => f.endsWith(".prisma")).sort();
  return {
    files: await Promise.all(names.map(async (f) => ({ path: path.join(root, f), content: await readFile(path.join(root, f), "utf8") }))),
  };
}

/** `prisma migrate deploy`: applies pending migrations, returns the names applied now. */
export async function deployMigrations({ databaseUrl, migrationsDir, log }: MigrationsOptions): Promise<string[]> {
  const migrationsList = await loadMigrations(migrationsDir);
  try {
    return await withSchemaEngine({ url: databaseUrl, log }, async (engine) => {
      const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
      return appliedMigrationNames;
    });
  } catch (e) {
    if (e instanceof SchemaEngineError && e.migrationName) {
      // Earlier migrations of this run stay applied; the failing one is rolled back whole.
      e.message +=
        `\nIts transaction was rolled back (none of it is applied) and it is recorded as failed in _prisma_migrations.` +
        `\nFix it, run \`resolve --rolled-back ${e.migrationName}\`, then deploy again.`;
    }
    throw e;
  }
}

export interface MigrationStatus {
  /** Migration folder names found locally. */
  local: string[];
  /** Local migrations not applied to the database yet. */
  pending: string[];
  /** Applied migrations missing from the migrations folder. */
  missingLocally: string[];
  /** Migrations recorded as failed (need `resolve`). */
  failed: string[];
  /** Applied migrations whose migration.sql changed since (checksum mismatch). */
  edited: string[];
  hasMigrationsTable: boolean;
  /** Raw diagnostic of the engine (`null` when histories agree). */
  history: HistoryDiagnostic | null;
  /** True when nothing is pending, failed, edited or diverging. */
  upToDate: boolean;
}

/** `prisma migrate status` (read-only, no shadow database). */
export async function migrationStatus({ databaseUrl, migrationsDir, log }: MigrationsOptions): Promise<MigrationStatus> {
  const migrationsList = await loadMigrations(migrationsDir);
  const d = await withSchemaEngine({ url: databaseUrl, log }, (engine) =>
    engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: NO_FILTER }),
  );
  const h = d.history;
  const pending = h && h.diagnostic !== "migrationsDirectoryIsBehind" ? h.unappliedMigrationNames : [];
  const missingLocally = h && h.diagnostic !== "databaseIsBehind" ? h.unpersistedMigrationNames : [];
  return {
    local: migrationsList.migrationDirectories.map((m) => m.path),
    pending,
    missingLocally,
    failed: d.failedMigrationNames,
    edited: d.editedMigrationNames,
    hasMigrationsTable: d.hasMigrationsTable,
    history: h,
    upToDate: h === null && d.failedMigrationNames.length === 0 && d.editedMigrationNames.length === 0,
  };
}

export interface ResolveOptions extends MigrationsOptions {
  /** Migration folder name, e.g. `20250101000000_init`. */
  migrationName: string;
  /** `applied`: record as applied without running it; `rolled-back`: mark a failed migration as rolled back. */
  as: "applied" | "rolled-back";
}

/** `prisma migrate resolve --applied | --rolled-back`. */
export async function resolveMigration({ databaseUrl, migrationsDir, migrationName, as, log }: ResolveOptions): Promise<void> {
  const migrationsList = await loadMigrations(migrationsDir);
  await withSchemaEngine({ url: databaseUrl, log }, async (engine) => {
    if (as === "applied") await engine.markMigrationApplied({ migrationName, migrationsList });
    else await engine.markMigrationRolledBack({ migrationName });
  });
}

export interface CreateMigrationOptions extends MigrationsOptions {
  /** The schema file, or a folder of `*.prisma` files. */
  schemaPath: string;
  /** User-given name, slugified like the CLI does; the engine prefixes a UTC timestamp. */
  name: string;
  /** Server for the temporary shadow database (defaults to `databaseUrl`'s server). */
  shadowDatabaseUrl?: string;
  /** Write a migration even when there is no change (like `--create-only` on an unchanged schema). */
  allowEmpty?: boolean;
  /** Told which pending migrations were applied to the dev database before creating. */
  onPendingApplied?: (names: string[]) => void;
}

export interface CreatedMigration {
  /** Folder name, `<timestamp>_<name>`. */
  name: string;
  /** Absolute path of the written migration.sql. */
  path: string;
  sql: string;
}

/**
 * `prisma migrate dev --create-only`, non-interactive: on the dev database
 * `databaseUrl` it first applies pending migrations (as `migrate dev` does),
 * then writes the next migration WITHOUT applying it. Returns null when the
 * schema has no change. Throws when the dev database needs a reset (drift,
 * edited/failed migrations, unknown applied migrations).
 */
export async function createMigration(options: CreateMigrationOptions): Promise<CreatedMigration | null> {
  const { databaseUrl, migrationsDir, schemaPath, shadowDatabaseUrl, allowEmpty = false, log } = options;
  const migrationsList = await loadMigrations(migrationsDir);
  const schema = await loadSchema(schemaPath);
  const out = await withSchemaEngine({ url: databaseUrl, shadowBaseUrl: shadowDatabaseUrl, log }, async (engine) => {
    // devDiagnostic replays the *applied* migrations on a shadow database and
    // caches that schema inside this engine instance. The WASM engine's
    // createMigration can only use that cache (it cannot replay by itself:
    // "PostgreSQL shadow DB must be provided through an external factory"), so
    // every local migration must be applied and diagnosed first, on this instance.
    const diagnose = async () => {
      const { action } = await engine.devDiagnostic({ migrationsList, filters: NO_FILTER });
      if (action.tag === "reset") {
        throw new SchemaEngineError(`The database ${redact(databaseUrl)} must be reset before creating a migration: ${action.reason}`);
      }
    };
    await diagnose();
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
    if (appliedMigrationNames.length > 0) {
      options.onPendingApplied?.(appliedMigrationNames);
      await diagnose(); // refresh the cached schema with the full history
    }
    return engine.createMigration({ migrationName: slugify(options.name), draft: allowEmpty, migrationsList, schema, filters: NO_FILTER });
  });
  if (out.migrationScript === null) return null;

  const dir = path.join(migrationsList.baseDir, out.generatedMigrationName);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `migration.${out.extension}`);
  await writeFile(file, out.migrationScript, { flag: "wx" }); // never overwrite
  await writeFile(
    path.join(migrationsList.baseDir, LOCKFILE),
    `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${out.connectorType}"\n`,
  );
  return { name: out.generatedMigrationName, path: file, sql: out.migrationScript };
}

/** Like the CLI's `slugify(name, { separator: '_' })`: "Add userName!" -> "add_user_name". */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
}

export interface DiffOptions {
  schemaPath: string;
  migrationsDir: string;
  /**
   * Any database URL on the server where the temporary shadow database may be
   * created (e.g. `postgresql://postgres@127.0.0.1:5432/postgres`). That database
   * itself is neither read nor modified.
   */
  shadowDatabaseUrl: string;
  log?: (line: string) => void;
}

/**
 * `prisma migrate diff --from-migrations <dir> --to-schema <schema> --script`:
 * the SQL needed to bring the migrations up to the schema; '' when they agree.
 * Meant for a CI check that schema.prisma and the committed migrations match.
 */
export async function diffMigrationsToSchema({ schemaPath, migrationsDir, shadowDatabaseUrl, log }: DiffOptions): Promise<string> {
  const migrationsList = await loadMigrations(migrationsDir);
  const schema = await loadSchema(schemaPath);
  const result = await withSchemaEngine({ url: shadowDatabaseUrl, log }, (engine) =>
    engine.diff({
      from: { tag: "migrations", ...migrationsList },
      to: { tag: "schemaDatamodel", ...schema },
      script: true,
      exitCode: true, // exitCode 2 <=> non-empty diff
      filters: NO_FILTER,
    }),
  );
  return result.exitCode === 2 ? (result.stdout ?? "") : "";
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "<invalid url>";
  }
}
