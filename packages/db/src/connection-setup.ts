// Checks at start-up that the node's connections fit the database behind them, so that a
// misconfiguration stops the node with one line instead of failing later, one request at a time.
//
// What sits between the node and PostgreSQL is declared (DATABASE_POOL_MODE; unset: transaction
// when DIRECT_DATABASE_URL is set, else session), never guessed: a guess has to watch how
// connections are shared, and under load other clients change what it sees (a node restarted
// during a rolling deployment once refused to start behind a correctly configured PgBouncer).
// The declaration is then checked only against facts that load cannot change:
// - whether a connection reaches PostgreSQL itself: the server's view of the connection
//   (inet_client_addr/port, inet_server_port) is this node's own socket only when nothing sits
//   in between. Any pooler or proxy (PgBouncer, pgcat, Supavisor, RDS Proxy, HAProxy, Docker's
//   published ports) opens its own connection to PostgreSQL, so the server sees the pooler's
//   address and port: the check holds for all of them without knowing which one it is;
// - proof that two connections shared one PostgreSQL session (two open connections answered
//   by the same pg_backend_pid()): only a pooler in transaction mode can do that. It is used
//   only as proof (to refuse a session that is not one), never its absence as proof of the
//   opposite, since under load the pooler may lend the connections different sessions.
// The refusals:
// - transaction without DIRECT_DATABASE_URL: migrations (the schema engine's session advisory
//   lock) and LISTEN (live lead lists, the outbox relay's wake-up) need a session of their own;
// - transaction while DATABASE_URL is PostgreSQL itself (nothing pools);
// - DIRECT_DATABASE_URL with direct or session (it is for a pooler in transaction mode only),
//   or DIRECT_DATABASE_URL shown to share sessions (it points at the pooler);
// - direct while something sits in between;
// - DATABASE_URL shown to share sessions while declared direct or session;
// - DATABASE_POOL_SIZE larger than PostgreSQL allows when the node connects to it directly.
// Not caught: a pooler in session mode declared transaction. It works (each connection keeps its
// session) but saves no server connections; docs/OPERATIONS.md says how to see it in PgBouncer.
import pg from "pg";
import { StartupError, type PoolMode } from "./env.ts";

const PROBE_PAIRS = 3;

export interface ConnectionSetup {
  /** DATABASE_URL: every pool of the node. */
  url: string;
  /** DIRECT_DATABASE_URL: what needs a session of its own (unset: DATABASE_URL). */
  directUrl?: string;
  /** DATABASE_POOL_SIZE. */
  poolSize: number;
  /** DATABASE_POOL_MODE (unset: transaction when directUrl is set, else session). */
  mode?: PoolMode;
}

const where = (connectionString: string) => {
  const url = new URL(connectionString);
  return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
};

/** The addresses of one connection as the client's socket has them and as the server sees them. */
export interface ConnectionEnds {
  client: { address: string; port: number; serverPort: number } | null;
  server: { address: string | null; port: number | null; serverPort: number | null };
}

/** IPv4 addresses as an IPv6 socket writes them (::ffff:127.0.0.1) compare as IPv4. */
const plainAddress = (address: string | null | undefined) => (address ?? "").replace(/^::ffff:/, "").replace(/\/\d+$/, "");

export async function connectionEnds(connectionString: string): Promise<ConnectionEnds> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    // node-postgres keeps the socket on its connection; not part of its typed API.
    const socket = (client as unknown as { connection?: { stream?: { localAddress?: string; localPort?: number; remotePort?: number } } }).connection?.stream;
    const { rows } = await client.query<{ address: string | null; port: number | null; server_port: number | null }>(
      "select host(inet_client_addr()) as address, inet_client_port() as port, inet_server_port() as server_port",
    );
    const seen = rows[0]!;
    return {
      client:
        socket?.localPort && socket.remotePort ? { address: plainAddress(socket.localAddress), port: socket.localPort, serverPort: socket.remotePort } : null,
      server: { address: seen.address === null ? null : plainAddress(seen.address), port: seen.port, serverPort: seen.server_port },
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** true: PostgreSQL itself answered on this very socket; false: something sits in between; null: not a TCP socket, unknown. */
export function reachesPostgresItself(ends: ConnectionEnds): boolean | null {
  if (!ends.client) return null;
  return ends.server.address === ends.client.address && ends.server.port === ends.client.port && ends.server.serverPort === ends.client.serverPort;
}

async function backendPid(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  return rows[0]!.pid;
}

/**
 * True when two open connections to `connectionString` were seen served by one PostgreSQL
 * session: proof of a pooler in transaction mode. False proves nothing (see the top of the file).
 */
export async function sharesSessions(connectionString: string): Promise<boolean> {
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

const refuse = (reason: string) => new StartupError(`refusing to start: ${reason}`);

/** Throws a StartupError (one line naming the variable and the fix) when the setup cannot work. */
export async function assertConnectionSetup(setup: ConnectionSetup): Promise<void> {
  const direct = setup.directUrl && setup.directUrl !== setup.url ? setup.directUrl : undefined;
  const mode: PoolMode = setup.mode ?? (direct ? "transaction" : "session");
  const declared = setup.mode ? `DATABASE_POOL_MODE=${mode}` : `DATABASE_POOL_MODE (unset: ${mode})`;

  if (mode === "transaction") {
    if (!direct)
      throw refuse(
        `DATABASE_POOL_MODE=transaction needs DIRECT_DATABASE_URL: migrations and LISTEN need a session of their own; set it to PostgreSQL itself (docs/OPERATIONS.md, "Behind PgBouncer")`,
      );
    if (reachesPostgresItself(await connectionEnds(setup.url)) === true)
      throw refuse(
        `${declared} says DATABASE_URL goes through a pooler in transaction mode, but ${where(setup.url)} is PostgreSQL itself (it sees this node's own socket): point DATABASE_URL at the pooler, or unset DIRECT_DATABASE_URL`,
      );
    if (await sharesSessions(direct))
      throw refuse(
        `DIRECT_DATABASE_URL (${where(direct)}) goes through a pooler in transaction mode (two open connections shared one PostgreSQL session): point it at PostgreSQL itself (or at HAProxy's leader port), not at the pooler`,
      );
    return; // the pool's connections are the pooler's; PostgreSQL sees its server pool
  }

  if (direct)
    throw refuse(
      `DIRECT_DATABASE_URL is set but ${declared}: it is only for a pooler in transaction mode; set DATABASE_POOL_MODE=transaction if DATABASE_URL is one, else unset DIRECT_DATABASE_URL`,
    );
  if (mode === "direct") {
    const ends = await connectionEnds(setup.url);
    if (reachesPostgresItself(ends) === false)
      throw refuse(
        `DATABASE_POOL_MODE=direct but something sits between this node and PostgreSQL at ${where(setup.url)} (the server sees the connection from ${ends.server.address}:${ends.server.port}, this node's socket is ${ends.client!.address}:${ends.client!.port}): set DATABASE_POOL_MODE=session for a proxy or a pooler in session mode, or transaction (with DIRECT_DATABASE_URL) for a pooler in transaction mode`,
      );
  }
  if (await sharesSessions(setup.url))
    throw refuse(
      `DATABASE_URL (${where(setup.url)}) goes through a pooler in transaction mode (two open connections shared one PostgreSQL session), and migrations and LISTEN need a session of their own: set DATABASE_POOL_MODE=transaction and DIRECT_DATABASE_URL to PostgreSQL itself (docs/OPERATIONS.md, "Behind PgBouncer")`,
    );
  const { max, reserved } = await availableConnections(setup.url);
  if (setup.poolSize > max - reserved) {
    throw refuse(
      `DATABASE_POOL_SIZE=${setup.poolSize} is more than PostgreSQL at ${where(setup.url)} allows (max_connections ${max} − ${reserved} reserved = ${max - reserved}): lower DATABASE_POOL_SIZE, or put PgBouncer in transaction mode in front and set DIRECT_DATABASE_URL (docs/SCALING.md)`,
    );
  }
}
