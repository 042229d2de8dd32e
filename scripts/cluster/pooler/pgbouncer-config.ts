// PgBouncer's configuration for `pnpm cluster --pooler` and the pooler test: transaction mode in
// front of one PostgreSQL, so many nodes' pools share a few server connections.

export interface PgBouncerSettings {
  listenPort: number;
  /** The PostgreSQL behind it (127.0.0.1). */
  postgresPort: number;
  /** Server connections per database and user: what PostgreSQL sees of every node's pools together. */
  serverPoolSize: number;
  databases: string[];
  dir: string;
}

/** The alias of `database` that PgBouncer pools by session (a refusal the pooler test checks). */
export const sessionModeAlias = (database: string) => `${database}_session`;

/**
 * Why each setting:
 * - pool_mode transaction: a server connection is lent for one transaction, so the nodes' pools
 *   (DATABASE_POOL_SIZE each, plus the rate limits' and the worker's) need only
 *   `serverPoolSize` connections on PostgreSQL. What needs a session (migrations, LISTEN) goes to
 *   PostgreSQL directly (DIRECT_DATABASE_URL, docs/OPERATIONS.md).
 * - max_db_connections = default_pool_size: the cap holds even with the session-mode alias.
 * - server_login_retry 1: after PostgreSQL restarts, PgBouncer tries again within a second
 *   (the default waits 15 s after a failed login).
 * - query_wait_timeout 10: a request waits at most 10 s for a server connection, then gets an
 *   error (08P01), which the app answers as a retryable 503 (packages/db/src/unavailable.ts).
 * - auth_type trust: everything listens on loopback of one machine, like the test server; the
 *   user must still be listed in auth_file.
 */
export function pgbouncerConfig(settings: PgBouncerSettings): string {
  const server = `host=127.0.0.1 port=${settings.postgresPort}`;
  const databases = settings.databases.flatMap((name) => [
    `${name} = ${server} dbname=${name}`,
    `${sessionModeAlias(name)} = ${server} dbname=${name} pool_mode=session`,
  ]);
  return `[databases]
${databases.join("\n")}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${settings.listenPort}
unix_socket_dir =
auth_type = trust
auth_file = ${settings.dir}/userlist.txt
admin_users = postgres
pool_mode = transaction
max_client_conn = 2000
default_pool_size = ${settings.serverPoolSize}
max_db_connections = ${settings.serverPoolSize}
server_login_retry = 1
server_connect_timeout = 5
query_wait_timeout = 10
pidfile = ${settings.dir}/pgbouncer.pid
logfile = ${settings.dir}/pgbouncer.log
log_connections = 0
log_disconnections = 0
`;
}

export const PGBOUNCER_USERLIST = `"postgres" ""\n`;
