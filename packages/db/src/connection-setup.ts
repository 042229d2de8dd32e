// Checks at start-up that the node's connections fit the database behind them, so that a
// misconfiguration stops the node with one line instead of failing later, one request at a time:
// - DATABASE_URL through a pooler in transaction mode (PgBouncer's pool_mode = transaction)
//   needs DIRECT_DATABASE_URL: migrations (the schema engine's session advisory lock) and LISTEN
//   (live lead lists, the outbox relay's wake-up) need a session of their own, which such a
//   pooler does not keep;
// - DIRECT_DATABASE_URL set while DATABASE_URL does not pool by transaction (a pooler in session
//   mode holds one server connection per client and saves nothing; or it is PostgreSQL itself);
// - DIRECT_DATABASE_URL itself through such a pooler;
// - DATABASE_POOL_SIZE larger than PostgreSQL allows when the node connects to it directly.
//
// How a pooler in transaction mode is recognised, without configuration: two connections are
// opened and both left open; each asks for its server process (pg_backend_pid()). Two open
// connections to PostgreSQL itself, through HAProxy or through a pooler in session mode always
// have two server processes; only a pooler that lends server connections per transaction can
// answer both from the same one. PgBouncer hands out its most recently released server
// connection first (server_round_robin = 0, the default), so the second connection is normally
// given the first one's: the probe is repeated a few times, and one shared process is proof.
import pg from "pg";
import { StartupError } from "./env.ts";

const PROBE_PAIRS = 5;

export interface ConnectionSetup {
  /** DATABASE_URL: every pool of the node. */
  url: string;
  /** DIRECT_DATABASE_URL: what needs a session of its own (unset: DATABASE_URL). */
  directUrl?: string;
  /** DATABASE_POOL_SIZE. */
  poolSize: number;
}

const where = (connectionString: string) => {
  const url = new URL(connectionString);
  return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
};

async function backendPid(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  return rows[0]!.pid;
}

/** True when two open connections to `connectionString` were served by one PostgreSQL session. */
export async function poolsByTransaction(connectionString: string): Promise<boolean> {
  for (let pair = 0; pair < PROBE_PAIRS; pair++) {
    const first = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    const second = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    for (const client of [first, second]) client.on("error", () => undefined);
    try {
      await first.connect();
      const firstPid = await backendPid(first);
      await second.connect();
      if ((await backendPid(second)) === firstPid) return true;
    } finally {
      await Promise.all([first.end().catch(() => undefined), second.end().catch(() => undefined)]);
    }
  }
  return false;
}

/** Connections a client may open on the server: max_connections less those reserved for superusers. */
async function availableConnections(connectionString: string): Promise<{ max: number; reserved: number }> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ max: number; reserved: number }>(
      "select current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved",
    );
    return rows[0]!;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Throws a StartupError (one line naming the variable and the fix) when the setup cannot work. */
export async function assertConnectionSetup(setup: ConnectionSetup): Promise<void> {
  const pooled = await poolsByTransaction(setup.url);
  const direct = setup.directUrl && setup.directUrl !== setup.url ? setup.directUrl : undefined;
  if (pooled && !direct) {
    throw new StartupError(
      `refusing to start: DATABASE_URL (${where(setup.url)}) goes through a pooler in transaction mode (two open connections shared one PostgreSQL session), and migrations and LISTEN need a session of their own: set DIRECT_DATABASE_URL to PostgreSQL itself (docs/OPERATIONS.md, "Behind PgBouncer")`,
    );
  }
  if (direct && !pooled) {
    throw new StartupError(
      `refusing to start: DIRECT_DATABASE_URL is set but DATABASE_URL (${where(setup.url)}) does not pool by transaction (a pooler in session mode keeps one server connection per client and saves none): set the pooler's pool_mode = transaction, or unset DIRECT_DATABASE_URL when DATABASE_URL is PostgreSQL itself`,
    );
  }
  if (direct && (await poolsByTransaction(direct))) {
    throw new StartupError(
      `refusing to start: DIRECT_DATABASE_URL (${where(direct)}) goes through a pooler in transaction mode: point it at PostgreSQL itself (or at HAProxy's leader port), not at the pooler`,
    );
  }
  if (pooled) return; // the pool's connections are the pooler's; PostgreSQL sees its server pool
  const { max, reserved } = await availableConnections(setup.url);
  if (setup.poolSize > max - reserved) {
    throw new StartupError(
      `refusing to start: DATABASE_POOL_SIZE=${setup.poolSize} is more than PostgreSQL at ${where(setup.url)} allows (max_connections ${max} − ${reserved} reserved = ${max - reserved}): lower DATABASE_POOL_SIZE, or put PgBouncer in transaction mode in front and set DIRECT_DATABASE_URL (docs/SCALING.md)`,
    );
  }
}
