// Integration tests run on a real PostgreSQL, each run in a fresh database of its own:
// created here, migrated with the project's own migrations, dropped afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { deployMigrations } from "../migrate/index.ts";

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

/** Creates an empty database named `t_<label>_<random>`; migrate it unless told not to. */
export async function createTestDatabase(label: string, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = testAdminUrl();
  const name = `t_${label.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  await admin(adminUrl, (c) => c.query(`create database "${name}"`));
  const url = withDatabase(adminUrl, name);
  const drop = () => admin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined);
  // A failed migration would leave a database its caller never got to drop.
  if (options.migrate !== false) {
    try {
      await deployMigrations({ databaseUrl: url });
    } catch (error) {
      await drop();
      throw error;
    }
  }
  return { url, name, drop };
}
