// The single place that decides which PostgreSQL the system talks to.
// DATABASE_URL set: that server. Unset: the embedded PGlite of this checkout, started here
// unless another process (say `pnpm dev`) already serves it. Either way callers get a
// postgres:// URL and use the same code path.
import path from "node:path";
import pg from "pg";
import { readDatabaseEnv, StartupError } from "./env.ts";
import { findRepoRoot } from "./repo-root.ts";

export interface ResolvedDatabase {
  connectionString: string;
  /**
   * What needs a session of its own (migrations, LISTEN): DIRECT_DATABASE_URL when DATABASE_URL
   * is a pooler in transaction mode, else the same as connectionString.
   */
  sessionConnectionString: string;
  mode: "external" | "embedded";
  /** Stops the embedded server if this call started it; a no-op otherwise. */
  release(): Promise<void>;
}

export async function resolveDatabaseUrl(source: NodeJS.ProcessEnv = process.env): Promise<ResolvedDatabase> {
  const env = readDatabaseEnv(source);
  if (env.DATABASE_URL) {
    return {
      connectionString: env.DATABASE_URL,
      sessionConnectionString: env.DIRECT_DATABASE_URL ?? env.DATABASE_URL,
      mode: "external",
      release: async () => {},
    };
  }
  // Loaded only here: with DATABASE_URL set (production) PGlite is never needed, so the
  // standalone folder (apps/web/scripts/standalone.mjs) carries the worker without it.
  const { findRunningEmbeddedServer, startEmbeddedDatabase } = await import("./embedded/embedded-server.ts");
  const dataDir = env.EMBEDDED_DB_DIR ?? path.join(findRepoRoot(), ".data", "pglite");
  const running = await findRunningEmbeddedServer(dataDir);
  if (running) {
    return { connectionString: running.url, sessionConnectionString: running.url, mode: "embedded", release: async () => {} };
  }
  const embedded = await startEmbeddedDatabase({ dataDir, port: env.EMBEDDED_DB_PORT });
  return { connectionString: embedded.url, sessionConnectionString: embedded.url, mode: "embedded", release: () => embedded.stop() };
}

/**
 * Connects once and explains, in one sentence, why the database cannot be used, including when
 * it is a read-only standby: every caller (a node, the worker, migrations, staff accounts) writes,
 * and a standby would refuse each write later, one request at a time.
 */
export async function assertDatabaseReachable(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  let standby = false;
  try {
    await client.connect();
    const { rows } = await client.query<{ standby: boolean }>("select pg_is_in_recovery() as standby");
    standby = rows[0]?.standby === true;
  } catch (error) {
    throw new StartupError(describeConnectionError(connectionString, error));
  } finally {
    await client.end().catch(() => {});
  }
  if (standby) throw new StartupError(standbyRefusal(connectionString));
}

export function standbyRefusal(connectionString: string): string {
  const url = new URL(connectionString);
  return `the database at ${url.hostname}:${url.port || "5432"}${url.pathname} is a read-only standby (pg_is_in_recovery()): writes need the primary; point DATABASE_URL at the leader (HAProxy's primary port) and a standby only at DATABASE_REPLICA_URL`;
}

export function describeConnectionError(connectionString: string, error: unknown): string {
  const url = new URL(connectionString);
  const where = `${url.hostname}:${url.port || "5432"}${url.pathname}`;
  const err = error as { code?: string; message?: string };
  switch (err.code) {
    case "ECONNREFUSED":
      return `the database at ${where} is unreachable: connection refused (is PostgreSQL running?)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `the database host ${url.hostname} cannot be resolved`;
    case "3D000":
      return `the database ${url.pathname.slice(1)} does not exist on ${url.hostname}:${url.port || "5432"}`;
    case "28P01":
    case "28000":
      return `the database at ${where} refused the credentials in DATABASE_URL`;
    default:
      if (/timeout/i.test(err.message ?? "")) return `the database at ${where} did not answer within 5 s`;
      return `the database at ${where} cannot be used: ${err.message ?? String(error)}`;
  }
}
