// A highly available PostgreSQL on one machine: etcd, two PostgreSQL 15 instances managed by
// Patroni (synchronous mode, each as the `postgres` OS user in its own data directory and
// port), and HAProxy in front sending connections to the current leader. Used by
// `pnpm cluster --ha` and the failover test (e2e/system/ha-failover.test.ts). Everything lives
// in one temporary directory and is killed and removed by `stop()`, also after a failure.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
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

interface Daemon {
  child: ChildProcess;
  name: string;
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function postgresUser(): { uid: number; gid: number } {
  const lookup = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const group = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (lookup.status !== 0) throw new Error("there is no `postgres` OS user to run PostgreSQL as (Debian's postgresql packages create it)");
  return { uid: Number(lookup.stdout.trim()), gid: Number(group.stdout.trim()) };
}

export async function startHaDatabase(options: StartHaOptions): Promise<HaDatabase> {
  const tools = ensureDebianTools();
  if (process.getuid?.() !== 0) throw new Error("the HA database runs PostgreSQL as the postgres OS user: start it as root");
  const user = postgresUser();
  const ports = portsFrom(options.basePort);
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), "once-ha-"));
  mkdirSync(dir, { recursive: true });
  chownSync(dir, user.uid, user.gid);
  const daemons: Daemon[] = [];
  let log = "";
  const record = (name: string, child: ChildProcess) => {
    const append = (chunk: Buffer) => (log += chunk.toString().replace(/^(?=.)/gm, `[${name}] `));
    child.stdout?.on("data", append);
    child.stderr?.on("data", append);
  };
  const spawnDaemon = (name: string, command: string, args: string[], asPostgres: boolean): ChildProcess => {
    const child = spawn(command, args, {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, LANG: "C.UTF-8" },
      stdio: ["ignore", "pipe", "pipe"],
      ...(asPostgres ? user : {}),
    });
    record(name, child);
    daemons.push({ child, name });
    return child;
  };

  const members: HaMember[] = ports.postgres.map((pgPort, i) => {
    const name = `pg${i + 1}`;
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

  // If this process ends without calling stop() (an uncaught error, process.exit, a test runner
  // tearing its worker down), nothing must outlive it: a Patroni-managed postmaster whose agent
  // is gone keeps running as the postgres user and holds its port. Only synchronous work is
  // possible in an 'exit' listener, so it kills rather than stops.
  const killEverythingNow = () => {
    for (const member of members) {
      const pid = postmasterPid(member.dataDir);
      if (pid) process.kill(pid, "SIGQUIT"); // PostgreSQL's immediate shutdown: its children go too
    }
    for (const d of daemons) if (d.child.exitCode === null && d.child.signalCode === null) d.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  process.on("exit", killEverythingNow);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", killEverythingNow);
    // Agents first (SIGTERM: Patroni stops its PostgreSQL), then whatever PostgreSQL is left
    // (an agent killed earlier leaves its postmaster running), then HAProxy and etcd.
    const agents = members.map((m) => m.agent).filter((a): a is ChildProcess => a !== null && a.exitCode === null && a.signalCode === null);
    await Promise.all(agents.map((agent) => stopProcess(agent, "SIGTERM", 20_000)));
    for (const member of members) {
      const pid = postmasterPid(member.dataDir);
      if (pid) await stopPid(pid);
    }
    await Promise.all(daemons.map((d) => stopProcess(d.child, "SIGTERM", 5_000)));
    rmSync(dir, { recursive: true, force: true });
  };

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
      output: () => log,
      stop,
    };
    await db.waitForHealthy({ timeoutMs: options.timeoutMs ?? 120_000 });
    await waitFor("HAProxy to reach the leader", () => canQuery(db.url("postgres")), 20_000, daemons);
    for (const name of options.databases ?? []) {
      await withClient(db.url("postgres"), (c) => c.query(`create database "${name}"`));
    }
    return db;
  } catch (error) {
    const output = log;
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output.slice(-4000)}`);
  }
}

export function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, "postmaster.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** SIGQUIT (PostgreSQL's immediate shutdown: the postmaster takes its backends with it), then SIGKILL. */
export async function stopPid(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    process.kill(pid, "SIGQUIT");
  } catch {
    return;
  }
  for (let i = 0; i < 50 && alive(); i++) await sleep(100);
  if (alive()) process.kill(pid, "SIGKILL");
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals, killAfterMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  await exited;
  clearTimeout(timer);
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

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, daemons: Daemon[]): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    const dead = daemons.find((d) => d.name !== "patroni" && !d.name.startsWith("patroni") && d.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited with ${dead.child.exitCode} while waiting for ${what}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function canQuery(url: string): Promise<boolean> {
  try {
    await withClient(url, (c) => c.query("select 1"));
    return true;
  } catch {
    return false;
  }
}
