// The configuration files of the HA database: one Patroni file per member and HAProxy's.
// Patroni reads YAML, of which JSON is a subset, so its files are written as JSON.

export interface HaPorts {
  /** HAProxy: connections to the current leader (what DATABASE_URL points at). */
  primary: number;
  /** HAProxy: connections to a running standby (what DATABASE_REPLICA_URL may point at). */
  replica: number;
  /** HAProxy's statistics page (HTTP). */
  stats: number;
  etcdClient: number;
  etcdPeer: number;
  /** One PostgreSQL port and one Patroni REST port per member. */
  postgres: number[];
  rest: number[];
}

/** Every port from one base: HAProxy on base (primary), base+1 (replica), base+9 (stats); members on base+2.. and base+12..; etcd on base+20/21. */
export function portsFrom(base: number, members = 2): HaPorts {
  return {
    primary: base,
    replica: base + 1,
    stats: base + 9,
    etcdClient: base + 20,
    etcdPeer: base + 21,
    postgres: Array.from({ length: members }, (_, i) => base + 2 + i),
    rest: Array.from({ length: members }, (_, i) => base + 12 + i),
  };
}

export const SCOPE = "once-ha";

export interface PatroniMember {
  name: string;
  dataDir: string;
  socketDir: string;
  pgPort: number;
  restPort: number;
}

/**
 * Why each setting:
 * - synchronous_mode: a commit is acknowledged only once the standby has it, so the standby
 *   Patroni promotes holds every acknowledged key (docs/SCALING.md). Not strict: a lone survivor
 *   keeps accepting writes (and the next failure may then lose them; the trade is documented).
 * - primary_start_timeout 0: a crashed primary is not restarted in place first (300 s by
 *   default) but failed over to the synchronous standby at once, which loses nothing.
 * - use_pg_rewind (with wal_log_hints) and removing the data directory when rewinding fails:
 *   the old primary comes back as a standby by itself, rewound or re-cloned.
 * - ttl 20 / loop_wait 2 / retry_timeout 5: a dead agent's leader key expires after 20 s
 *   (Patroni's smallest ttl); a living one notices a crash within about 2 s.
 * - trust on 127.0.0.1: everything listens on loopback of one machine, like the test server.
 */
export function patroniConfig(member: PatroniMember, ports: HaPorts, binDir: string): string {
  return JSON.stringify(
    {
      scope: SCOPE,
      name: member.name,
      log: { level: "WARNING" },
      restapi: { listen: `127.0.0.1:${member.restPort}`, connect_address: `127.0.0.1:${member.restPort}` },
      etcd3: { hosts: `127.0.0.1:${ports.etcdClient}` },
      bootstrap: {
        dcs: {
          ttl: 20,
          loop_wait: 2,
          retry_timeout: 5,
          maximum_lag_on_failover: 1048576,
          primary_start_timeout: 0,
          synchronous_mode: true,
          synchronous_mode_strict: false,
          postgresql: {
            use_pg_rewind: true,
            use_slots: true,
            parameters: {
              wal_level: "replica",
              hot_standby: "on",
              wal_log_hints: "on",
              max_connections: 200,
              max_wal_senders: 10,
              max_replication_slots: 10,
              wal_keep_size: "256MB",
              // The dashboard's reads on the standby hold back no vacuum there, so replay
              // seldom waits for them (max_standby_streaming_delay) and stays close behind.
              hot_standby_feedback: "on",
            },
          },
        },
        initdb: [{ encoding: "UTF8" }, { locale: "C.UTF-8" }, "data-checksums"],
      },
      postgresql: {
        listen: `127.0.0.1:${member.pgPort}`,
        connect_address: `127.0.0.1:${member.pgPort}`,
        data_dir: member.dataDir,
        bin_dir: binDir,
        pgpass: `${member.dataDir}.pgpass`,
        authentication: {
          superuser: { username: "postgres" },
          replication: { username: "replicator" },
          rewind: { username: "postgres" },
        },
        parameters: { unix_socket_directories: member.socketDir },
        pg_hba: ["local all all trust", "host all all 127.0.0.1/32 trust", "host replication replicator 127.0.0.1/32 trust"],
        remove_data_directory_on_rewind_failure: true,
        remove_data_directory_on_diverged_timelines: true,
      },
    },
    null,
    2,
  );
}

/**
 * HAProxy sends each connection to the member whose Patroni answers 200 on /primary (or
 * /replica), checked every second. `on-marked-down shutdown-sessions` cuts the connections to
 * a member as soon as it stops being the leader, so no client keeps writing to a demoted or
 * orphaned primary; the pools open new ones, to the new leader. The replica port takes only a
 * standby at most REPLICA_MAX_LAG behind; with none, reads fall back to the primary
 * (packages/db/src/read-replica.ts).
 */
/** A standby further behind than this is taken out of the replica port (docs/SCALING.md). */
export const REPLICA_MAX_LAG = "1MB";

export function haproxyConfig(ports: HaPorts, pidFile: string): string {
  const servers = (check: string) =>
    ports.postgres.map((pgPort, i) => `  server pg${i + 1} 127.0.0.1:${pgPort} maxconn 200 check port ${ports.rest[i]}`).join("\n") +
    `\n  option httpchk GET ${check}\n  http-check expect status 200\n`;
  return `global
  maxconn 2000
  pidfile ${pidFile}

defaults
  mode tcp
  log global
  retries 1
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
  default-server inter 1s fastinter 500ms fall 2 rise 2 on-marked-down shutdown-sessions

listen stats
  mode http
  bind 127.0.0.1:${ports.stats}
  stats enable
  stats uri /

listen primary
  bind 127.0.0.1:${ports.primary}
${servers("/primary")}
listen replica
  bind 127.0.0.1:${ports.replica}
${servers(`/replica?lag=${REPLICA_MAX_LAG}`)}`;
}
