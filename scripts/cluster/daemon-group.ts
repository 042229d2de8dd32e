// Daemons that run for a while and must not outlive this process: the databases the cluster
// script, the benchmarks and the system tests start (./ha/ha-database.ts: etcd, Patroni,
// PostgreSQL, HAProxy; ./pooler/pooled-database.ts: PostgreSQL and PgBouncer). All of them live
// in one temporary directory, log into one buffer (each line prefixed with the daemon's name),
// and go away together: `stop()` once, in the order its caller gives, or, if this process ends
// without calling it (an uncaught error, process.exit, a test runner tearing its worker down), an
// immediate kill on exit. A PostgreSQL whose parent is gone keeps running as the postgres user
// and holds its port; only synchronous work is possible in an 'exit' listener, so that one
// kills rather than stops.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface Daemon {
  child: ChildProcess;
  name: string;
}

export interface DaemonGroup {
  /** The temporary directory everything lives in (owned by the postgres user). */
  dir: string;
  user: { uid: number; gid: number };
  daemons: Daemon[];
  /** Starts a daemon in `dir`, as the postgres user unless `asRoot`. */
  spawn(name: string, command: string, args: string[], options?: { asRoot?: boolean }): ChildProcess;
  output(): string;
  /**
   * Stops everything once (later calls do nothing): `orderly` first (what must stop in order, such
   * as agents before their databases), then every PostgreSQL still running in `postgresDataDirs`,
   * then every other daemon (SIGTERM, SIGKILL after 5 s); removes the directory.
   */
  stop(orderly?: () => Promise<void>): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function postgresUser(): { uid: number; gid: number } {
  const lookup = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const group = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (lookup.status !== 0) throw new Error("there is no `postgres` OS user to run PostgreSQL as (Debian's postgresql packages create it)");
  return { uid: Number(lookup.stdout.trim()), gid: Number(group.stdout.trim()) };
}

/**
 * A group in a fresh temporary directory `<prefix>…` (or `dir`); `postgresDataDirs` names the data
 * directories whose postmasters belong to it (read when stopping, so they may appear later).
 */
export function startDaemonGroup(options: { prefix: string; dir?: string; postgresDataDirs: () => string[] }): DaemonGroup {
  const user = postgresUser();
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), options.prefix));
  mkdirSync(dir, { recursive: true });
  chownSync(dir, user.uid, user.gid);
  const daemons: Daemon[] = [];
  let log = "";

  const killEverythingNow = () => {
    for (const dataDir of options.postgresDataDirs()) {
      const pid = postmasterPid(dataDir);
      if (pid) process.kill(pid, "SIGQUIT"); // PostgreSQL's immediate shutdown: its children go too
    }
    for (const d of daemons) if (d.child.exitCode === null && d.child.signalCode === null) d.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  process.on("exit", killEverythingNow);

  let stopped = false;
  return {
    dir,
    user,
    daemons,
    spawn(name, command, args, spawnOptions = {}) {
      const child = spawn(command, args, {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: dir, LANG: "C.UTF-8" },
        stdio: ["ignore", "pipe", "pipe"],
        ...(spawnOptions.asRoot ? {} : user),
      });
      const append = (chunk: Buffer) => (log += chunk.toString().replace(/^(?=.)/gm, `[${name}] `));
      child.stdout?.on("data", append);
      child.stderr?.on("data", append);
      daemons.push({ child, name });
      return child;
    },
    output: () => log,
    async stop(orderly) {
      if (stopped) return;
      stopped = true;
      process.off("exit", killEverythingNow);
      await orderly?.();
      for (const dataDir of options.postgresDataDirs()) {
        const pid = postmasterPid(dataDir);
        if (pid) await stopPid(pid);
      }
      await Promise.all(daemons.map((d) => stopProcess(d.child, "SIGTERM", 5_000)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
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

/** Sends `signal` and waits for the exit, SIGKILLing after `killAfterMs`. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals, killAfterMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `check` until it holds; fails after `timeoutMs`, or as soon as a daemon (other than Patroni's agents, which tests kill) has exited. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, daemons: Daemon[] = []): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    const dead = daemons.find((d) => !d.name.startsWith("patroni") && d.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited with ${dead.child.exitCode} while waiting for ${what}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function canQuery(url: string): Promise<boolean> {
  try {
    await withClient(url, (c) => c.query("select 1"));
    return true;
  } catch {
    return false;
  }
}
