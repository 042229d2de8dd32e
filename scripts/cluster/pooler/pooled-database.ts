// One PostgreSQL 15 of its own (initdb in a temporary directory, a small max_connections) with
// PgBouncer in transaction mode in front: what `pnpm cluster --pooler` and
// e2e/system/pooler.test.ts run the nodes on. Both run as the `postgres` OS user (PgBouncer
// refuses to run as root), so this needs root, like the HA database (../ha/ha-database.ts);
// Debian's pgbouncer is installed when missing. Everything lives in one temporary directory and
// is stopped and removed by `stop()`, also when the process exits without calling it
// (../daemon-group.ts).
import { spawnSync } from "node:child_process";
import { chownSync, writeFileSync } from "node:fs";
import path from "node:path";
import { canQuery, postmasterPid, startDaemonGroup, stopPid, stopProcess, waitFor, withClient } from "../daemon-group.ts";
import { ensureDebianTools, POOLER_TOOLS, POSTGRES_BIN_DIR } from "../ha/debian-packages.ts";
import { PGBOUNCER_USERLIST, pgbouncerConfig, sessionModeAlias } from "./pgbouncer-config.ts";

export interface PooledDatabase {
  /** PgBouncer's port (transaction mode); PostgreSQL listens on the next one. */
  ports: { pooler: number; postgres: number };
  /** postgres://… through PgBouncer in transaction mode: the nodes' DATABASE_URL. */
  url(database: string): string;
  /** postgres://… to PostgreSQL itself: the nodes' DIRECT_DATABASE_URL. */
  directUrl(database: string): string;
  /** postgres://… through PgBouncer pooling by session (a misconfiguration the nodes refuse). */
  sessionModeUrl(database: string): string;
  /** PostgreSQL's max_connections. */
  maxConnections: number;
  /**
   * Stops PostgreSQL the way a crash does (SIGQUIT: immediate shutdown, every backend gone, crash
   * recovery at the next start) and starts it again; resolves when it accepts connections.
   */
  restartPostgres(): Promise<void>;
  /** Stops PgBouncer (SIGINT: every client and server connection closed at once). */
  stopPgbouncer(): Promise<void>;
  /** Starts PgBouncer again with the same configuration; resolves when it accepts connections. */
  startPgbouncer(): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

export interface StartPooledOptions {
  /** PgBouncer's port; PostgreSQL gets basePort + 1. */
  basePort: number;
  /** PostgreSQL's max_connections (40: fewer than six nodes' pools of 10 added up). */
  maxConnections?: number;
  /** PgBouncer's server connections (default: max_connections − 3 reserved − room for the nodes' direct connections). */
  serverPoolSize?: number;
  /** Databases created once PostgreSQL is up. */
  databases?: string[];
}

export async function startPooledDatabase(options: StartPooledOptions): Promise<PooledDatabase> {
  const tools = ensureDebianTools(POOLER_TOOLS);
  if (process.getuid?.() !== 0) throw new Error("the pooled database runs PostgreSQL and PgBouncer as the postgres OS user: start it as root");
  const maxConnections = options.maxConnections ?? 40;
  const ports = { pooler: options.basePort, postgres: options.basePort + 1 };
  const databases = options.databases ?? [];
  const group = startDaemonGroup({ prefix: "once-pooler-", postgresDataDirs: () => [dataDir] });
  const { dir, user } = group;
  const dataDir = path.join(dir, "data");
  const startPostgres = () =>
    group.spawn("postgres", `${POSTGRES_BIN_DIR}/postgres`, [
      "-D",
      dataDir,
      "-p",
      String(ports.postgres),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dir}`,
      "-c",
      `max_connections=${maxConnections}`,
    ]);
  const runningBouncer = () => group.daemons.find((d) => d.name === "pgbouncer" && d.child.exitCode === null && d.child.signalCode === null);
  const stopPgbouncer = async () => {
    const bouncer = runningBouncer();
    if (bouncer) await stopProcess(bouncer.child, "SIGINT", 5_000);
  };
  // PgBouncer first (SIGINT: it closes its connections at once), then PostgreSQL.
  const stop = () => group.stop(stopPgbouncer);

  try {
    const initdb = spawnSync(
      `${POSTGRES_BIN_DIR}/initdb`,
      ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"],
      { cwd: dir, encoding: "utf8", ...user },
    );
    if (initdb.status !== 0) throw new Error(`initdb failed: ${initdb.stderr}`);
    startPostgres();
    const admin = `postgres://postgres@127.0.0.1:${ports.postgres}/postgres`;
    await waitFor("PostgreSQL to accept connections", () => canQuery(admin), 30_000);
    for (const name of databases) await withClient(admin, (c) => c.query(`create database "${name}"`));

    // Room left for what connects to PostgreSQL directly: each node's LISTEN connection,
    // its start-up migrations, the listener's probes; the rest is PgBouncer's.
    const serverPoolSize = options.serverPoolSize ?? Math.max(5, Math.floor((maxConnections - 3) / 2));
    writeFileSync(path.join(dir, "userlist.txt"), PGBOUNCER_USERLIST);
    writeFileSync(path.join(dir, "pgbouncer.ini"), pgbouncerConfig({ listenPort: ports.pooler, postgresPort: ports.postgres, serverPoolSize, databases, dir }));
    for (const file of ["userlist.txt", "pgbouncer.ini"]) chownSync(path.join(dir, file), user.uid, user.gid);
    const startPgbouncer = async () => {
      const bouncer = group.spawn("pgbouncer", tools.pgbouncer!, [path.join(dir, "pgbouncer.ini")]);
      const probe = databases[0] ?? "postgres";
      await waitFor(
        "PgBouncer to accept connections",
        async () => {
          if (bouncer.exitCode !== null) throw new Error(`pgbouncer exited with ${bouncer.exitCode}`);
          return databases.length === 0 || canQuery(`postgres://postgres@127.0.0.1:${ports.pooler}/${probe}`);
        },
        20_000,
      );
    };
    await startPgbouncer();

    return {
      ports,
      maxConnections,
      url: (name) => `postgres://postgres@127.0.0.1:${ports.pooler}/${name}`,
      directUrl: (name) => `postgres://postgres@127.0.0.1:${ports.postgres}/${name}`,
      sessionModeUrl: (name) => `postgres://postgres@127.0.0.1:${ports.pooler}/${sessionModeAlias(name)}`,
      async restartPostgres() {
        const pid = postmasterPid(dataDir);
        if (pid) await stopPid(pid);
        startPostgres();
        await waitFor("PostgreSQL to accept connections again", () => canQuery(admin), 60_000);
      },
      stopPgbouncer,
      startPgbouncer,
      output: () => group.output(),
      stop,
    };
  } catch (error) {
    const output = group.output();
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output.slice(-4000)}`);
  }
}
