// Integration tests run on a real PostgreSQL, each run in a fresh database of its own:
// created here, migrated with the project's own migrations, dropped afterwards.
//
// Migrating is the slow part (the schema engine applies every migration: ~1.5 s on a busy
// 2-core machine, and the test command makes dozens of databases), so the migrations are
// applied once, into a template database named after a hash of prisma/migrations, and every
// migrated test database is a copy of it (`create database … template`, a few milliseconds
// of file copying). A changed migration is a new hash, so a new template; the old one is
// dropped by whoever makes the new one.
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { deployMigrations } from "../migrate/index.ts";
import { migrationsDir } from "../repo-root.ts";

export const testAdminUrl = (): string => process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A pool for a test's own queries. pg's `pool.end()` resolves before its connections have
 * closed, so a database dropped right after (with force) or a server that goes away (a failover)
 * can end one of them with the server's "terminating connection": the pool reports that as an
 * `error` event, which with no listener is an uncaught exception that fails the whole run. An
 * idle connection's error changes nothing a test asserts (a query in flight still rejects), so
 * the pool listens and discards it, as pg's documentation asks of every pool.
 */
export function testPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", () => undefined);
  return pool;
}

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates a database named `t_<label>_<random>`: migrated (a copy of the template), or empty when told not to. */
export async function createTestDatabase(label: string, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = testAdminUrl();
  const name = `t_${label.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  const template = options.migrate === false ? undefined : await migratedTemplate(adminUrl);
  await admin(adminUrl, (c) => c.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`));
  const url = withDatabase(adminUrl, name);
  const drop = () => admin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined);
  return { url, name, drop };
}

const TEMPLATE_PREFIX = "t_template_";
/** Any constant: the advisory lock under which one process at a time makes the template. */
const TEMPLATE_LOCK = 7_310_442;

/** A hash of every file under prisma/migrations: the template's name changes with any of them. */
function migrationsHash(dir = migrationsDir()): string {
  const hash = createHash("sha256");
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        hash
          .update(`${path.relative(dir, full)}\0`)
          .update(readFileSync(full))
          .update("\0");
    }
  };
  walk(dir);
  return hash.digest("hex").slice(0, 16);
}

let templateOfThisProcess: Promise<string> | undefined;

/**
 * The name of the migrated template database, made if missing. Test processes start side by
 * side (turbo runs two packages at once, vitest several files), so making it is serialised by
 * an advisory lock, and it is made under a temporary name and renamed when complete: a
 * process that finds the final name finds a whole template, never one being migrated.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  templateOfThisProcess ??= admin(adminUrl, async (client) => {
    const template = `${TEMPLATE_PREFIX}${migrationsHash()}`;
    const exists = async () => (await client.query(`select 1 from pg_database where datname = $1`, [template])).rowCount === 1;
    if (await exists()) return template;
    await client.query(`select pg_advisory_lock($1)`, [TEMPLATE_LOCK]);
    try {
      if (await exists()) return template;
      const building = `${template}_building`;
      await client.query(`drop database if exists "${building}" with (force)`);
      await client.query(`create database "${building}"`);
      await deployMigrations({ databaseUrl: withDatabase(adminUrl, building) });
      // The schema engine's pool may still be closing its connections: end them, or the
      // rename (and the first copy) would wait for them.
      for (let attempt = 1; ; attempt++) {
        await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [building]);
        try {
          await client.query(`alter database "${building}" rename to "${template}"`);
          break;
        } catch (error) {
          // 55006 object_in_use: a terminated connection has not quite gone yet.
          if ((error as { code?: string }).code !== "55006" || attempt === 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      // Templates of older migrations are nobody's any more.
      const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1 and datname <> $2`, [
        `${TEMPLATE_PREFIX}%`,
        template,
      ]);
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
      return template;
    } finally {
      await client.query(`select pg_advisory_unlock($1)`, [TEMPLATE_LOCK]);
    }
  });
  return templateOfThisProcess.catch((error: unknown) => {
    templateOfThisProcess = undefined; // the next database tries again
    throw error;
  });
}
