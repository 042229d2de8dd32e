// A highly available PostgreSQL on one machine: etcd, two PostgreSQL 15 instances managed by
// Patroni (synchronous mode, each as the `postgres` OS user in its own data directory and
// port), and HAProxy in front sending connections to the current leader. Used by
// `pnpm cluster --ha` and the failover test (e2e/system/ha-failover.test.ts). Everything lives
// in one temporary directory and is killed and removed by `stop()`, also after a failure
// (../daemon-group.ts).
import type { ChildProcess } from "node:child_process";
import { chownSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { canQuery, postmasterPid, startDaemonGroup, stopProcess, waitFor, withClient, type Daemon } from "../daemon-group.ts";
import { ensureDebianTools, POSTGRES_BIN_DIR } from "./debian-packages.ts";
import { haproxyConfig, patroniConfig, portsFrom, type HaPorts, type PatroniMember } from "./config-files.ts";

export interface ClusterMember {
  name: string;
  role: string;
  state: string;
  lag?: number | string;
  timeline?: number;
}

export interface HaMember extends PatroniMember {
  /** The Patroni agent's process (null while killed). */
  agent: ChildProcess | null;
  /** Starts the agent again (after killAgent); it rejoins on its own. */
  restartAgent(): void;
  /** SIGKILLs this member's postmaster (its backends die with it); Patroni decides what follows. */
  killPostgres(): void;
  /** SIGKILLs this member's Patroni agent; its PostgreSQL keeps running, leaderless. */
  killAgent(): void;
}

export interface HaDatabase {
  ports: HaPorts;
  /** postgres://… through HAProxy to the leader, for `database`. */
  url(database: string): string;
  /** postgres://… through HAProxy to a standby. */
  replicaUrl(database: string): string;
  members: HaMember[];
  /** Patroni's view (GET /cluster on any agent that answers). */
  cluster(): Promise<ClusterMember[]>;
  /** Waits until there is a leader and, unless `leaderOnly`, a streaming synchronous standby. */
  waitForHealthy(options?: { timeoutMs?: number; leaderOnly?: boolean; leaderNot?: string }): Promise<{ leader: HaMember; standby: HaMember | null }>;
  output(): string;
  stop(): Promise<void>;
}

export interface StartHaOptions {
  /** HAProxy's primary port; every other port follows from it (config-files.ts). */
  basePort: number;
  /** Where the data directories go (a fresh temporary directory by default). */
  dir?: string;
  /** Databases created once the leader is up. */
  databases?: string[];
  timeoutMs?: number;
}

export async function startHaDatabase(options: StartHaOptions): Promise<HaDatabase> {
  const tools = ensureDebianTools();
  if (process.getuid?.() !== 0) throw new Error("the HA database runs PostgreSQL as the postgres OS user: start it as root");
  const ports = portsFrom(options.basePort);
  const memberNames = ports.postgres.map((_, i) => `pg${i + 1}`);
  const group = startDaemonGroup({ prefix: "once-ha-", dir: options.dir, postgresDataDirs: () => memberNames.map((name) => path.join(group.dir, name)) });
  const { dir, user, daemons } = group;
  const spawnDaemon = (name: string, command: string, args: string[], asPostgres: boolean): ChildProcess =>
    group.spawn(name, command, args, { asRoot: !asPostgres });

  const members: HaMember[] = ports.postgres.map((pgPort, i) => {
    const name = memberNames[i]!;
    const socketDir = path.join(dir, `${name}-socket`);
    mkdirSync(socketDir, { recursive: true });
    chownSync(socketDir, user.uid, user.gid);
    const member: PatroniMember = { name, dataDir: path.join(dir, name), socketDir, pgPort, restPort: ports.rest[i]! };
    const configPath = path.join(dir, `${name}.yml`);
    writeFileSync(configPath, patroniConfig(member, ports, POSTGRES_BIN_DIR));
    chownSync(configPath, user.uid, user.gid);
    const ha: HaMember = {
      ...member,
      agent: null,
      restartAgent() {
        ha.agent = spawnDaemon(`patroni ${name}`, tools.patroni!, [configPath], true);
      },
      killPostgres() {
        const pid = postmasterPid(member.dataDir);
        if (pid) process.kill(pid, "SIGKILL");
      },
      killAgent() {
        ha.agent?.kill("SIGKILL");
        ha.agent = null;
      },
    };
    return ha;
  });

  // Agents first (SIGTERM: Patroni stops its PostgreSQL), then whatever PostgreSQL is left (an
  // agent killed earlier leaves its postmaster running), then HAProxy and etcd.
  const stop = () =>
    group.stop(async () => {
      const agents = members.map((m) => m.agent).filter((a): a is ChildProcess => a !== null && a.exitCode === null && a.signalCode === null);
      await Promise.all(agents.map((agent) => stopProcess(agent, "SIGTERM", 20_000)));
    });

  try {
    const etcdDir = path.join(dir, "etcd");
    spawnDaemon(
      "etcd",
      tools.etcd!,
      [
        "--name=once-ha",
        `--data-dir=${etcdDir}`,
        `--listen-client-urls=http://127.0.0.1:${ports.etcdClient}`,
        `--advertise-client-urls=http://127.0.0.1:${ports.etcdClient}`,
        `--listen-peer-urls=http://127.0.0.1:${ports.etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${ports.etcdPeer}`,
        `--initial-cluster=once-ha=http://127.0.0.1:${ports.etcdPeer}`,
        "--log-level=warn",
      ],
      false,
    );
    await waitFor("etcd", () => httpOk(`http://127.0.0.1:${ports.etcdClient}/health`), 20_000, daemons);
    // The first agent bootstraps (initdb) alone; the second then clones it with pg_basebackup.
    members[0]!.restartAgent();
    await waitFor("the first PostgreSQL to lead", async () => (await role(members[0]!)) === "primary", options.timeoutMs ?? 90_000, daemons);
    members[1]!.restartAgent();
    const haproxyPid = path.join(dir, "haproxy.pid");
    writeFileSync(path.join(dir, "haproxy.cfg"), haproxyConfig(ports, haproxyPid));
    spawnDaemon("haproxy", tools.haproxy!, ["-db", "-f", path.join(dir, "haproxy.cfg")], false);
    const db: HaDatabase = {
      ports,
      members,
      url: (database) => `postgres://postgres@127.0.0.1:${ports.primary}/${database}`,
      replicaUrl: (database) => `postgres://postgres@127.0.0.1:${ports.replica}/${database}`,
      cluster: () => clusterOf(members),
      waitForHealthy: (waitOptions = {}) => waitForHealthy(members, daemons, waitOptions),
      output: () => group.output(),
      stop,
    };
    await db.waitForHealthy({ timeoutMs: options.timeoutMs ?? 120_000 });
    await waitFor("HAProxy to reach the leader", () => canQuery(db.url("postgres")), 20_000, daemons);
    for (const name of options.databases ?? []) {
      await withClient(db.url("postgres"), (c) => c.query(`create database "${name}"`));
    }
    return db;
  } catch (error) {
    const output = group.output();
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output.slice(-4000)}`);
  }
}

async function httpOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

async function role(member: PatroniMember): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${member.restPort}/patroni`, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json()) as { role?: string; state?: string };
    // Patroni 3.0 still says "master" where later releases say "primary".
    return body.state === "running" ? (body.role === "master" ? "primary" : (body.role ?? null)) : null;
  } catch {
    return null;
  }
}

async function clusterOf(members: PatroniMember[]): Promise<ClusterMember[]> {
  for (const member of members) {
    try {
      const res = await fetch(`http://127.0.0.1:${member.restPort}/cluster`, { signal: AbortSignal.timeout(3000) });
      if (res.ok) return ((await res.json()) as { members: ClusterMember[] }).members;
    } catch {
      /* that agent is down: ask the next */
    }
  }
  return [];
}

async function waitForHealthy(
  members: HaMember[],
  daemons: Daemon[],
  options: { timeoutMs?: number; leaderOnly?: boolean; leaderNot?: string },
): Promise<{ leader: HaMember; standby: HaMember | null }> {
  let found: { leader: HaMember; standby: HaMember | null } | null = null;
  await waitFor(
    options.leaderOnly ? "a leader" : "a leader and a synchronous standby",
    async () => {
      const view = await clusterOf(members);
      const leader = view.find((m) => m.role === "leader" && m.state === "running" && m.name !== options.leaderNot);
      const standby = view.find((m) => m.role === "sync_standby" && (m.state === "running" || m.state === "streaming"));
      if (!leader || (!options.leaderOnly && !standby)) return false;
      // The leader must also say so itself (its REST /primary is what HAProxy asks).
      const leaderMember = members.find((m) => m.name === leader.name)!;
      if ((await role(leaderMember)) !== "primary") return false;
      found = { leader: leaderMember, standby: members.find((m) => m.name === standby?.name) ?? null };
      return true;
    },
    options.timeoutMs ?? 120_000,
    daemons,
  );
  return found!;
}
