// Starts and stops one production node (apps/web's server.mjs, through with-database) as
// a separate OS process. Used by the cluster script, the system tests and the benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface NodeExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface NodeProcess {
  port: number;
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Settles when the node's process (the with-database wrapper) has exited. */
  exited: Promise<NodeExit>;
  /**
   * Sends `signal` to the node's process group (wrapper and server) and waits for the exit;
   * SIGKILLs it after `killAfterMs` (by default longer than the node's own SHUTDOWN_TIMEOUT_MS,
   * so a node that stops in time is never cut short).
   */
  stop(signal?: NodeJS.Signals, options?: { killAfterMs?: number }): Promise<NodeExit>;
}

export interface StartNodeOptions {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
  /** Also run the catalog seed on start, as `pnpm start` does (`with-database --seed`). */
  seed?: boolean;
  /** Resolve as soon as the process is spawned instead of when it answers ready. */
  waitForReady?: boolean;
  /** The folder whose server.mjs runs (by default apps/web; a standalone folder's apps/web runs that build). */
  appDir?: string;
}

/**
 * The secrets production requires, the same for every node this process starts: taken from
 * the environment when set, else made up once per process (sessions then last as long as it).
 */
export const nodeSecrets = {
  SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString("base64url"),
  BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString("base64url"),
};

/**
 * The start-up wrapper a node runs under: the one-file bundle `pnpm build` makes for the
 * standalone folder (apps/web/scripts/standalone.mjs), which is what production runs, when it is
 * newer than every source file of packages/db (whose code it bundles); else the TypeScript entry
 * through tsx, so a change to start-up is never tested on a stale bundle. The bundle starts in
 * half the time (0.85 s against 1.4 s, most of it tsx compiling the sources), and the system
 * tests start some forty nodes.
 */
let chosenWrapper: string | undefined; // decided once per process: the sources do not change during a test run

function startUpWrapper(): string {
  return (chosenWrapper ??= freshestWrapper());
}

function freshestWrapper(): string {
  const bundle = path.join(repoRoot, "packages/db/dist/with-database.mjs");
  const source = path.join(repoRoot, "packages/db/bin/with-database.mjs");
  if (!existsSync(bundle)) return source;
  const built = statSync(bundle).mtimeMs;
  const sources = readdirSync(path.join(repoRoot, "packages/db/src"), { recursive: true, encoding: "utf8" });
  const stale = sources.some((file) => file.endsWith(".ts") && statSync(path.join(repoRoot, "packages/db/src", file)).mtimeMs > built);
  return stale ? source : bundle;
}

/** The wrapper's command line and the process options of a node: what `pnpm start` runs. */
function nodeSpawn(options: StartNodeOptions, command: string[]) {
  const flags = ["--production", ...(options.seed ? ["--seed"] : [])];
  return {
    args: [startUpWrapper(), ...flags, "--", ...command],
    options: {
      cwd: options.appDir ?? path.join(repoRoot, "apps/web"),
      env: {
        ...process.env,
        NODE_ENV: "production",
        ...nodeSecrets,
        DATABASE_URL: options.databaseUrl,
        PORT: String(options.port),
        PATH: `${path.join(repoRoot, "apps/web/node_modules/.bin")}:${process.env.PATH}`,
        ...options.env,
      },
    },
  };
}

/**
 * A node's start-up alone: the wrapper's checks (configuration, the pool mode against what the
 * server shows, migrations, `--seed`), then `true` instead of the server. What decides whether a
 * node starts, at a tenth of a whole start's cost.
 */
export function runStartUpCheck(options: Omit<StartNodeOptions, "waitForReady">): Promise<{ code: number | null; output: string }> {
  const { args, options: spawnOptions } = nodeSpawn(options, ["true"]);
  const child = spawn("node", args, { ...spawnOptions, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

export async function startNode(options: StartNodeOptions): Promise<NodeProcess> {
  const { args, options: spawnOptions } = nodeSpawn(options, ["node", "server.mjs", "--port", String(options.port)]);
  const child = spawn("node", args, { ...spawnOptions, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<NodeExit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const shutdownMs = Number(options.env?.SHUTDOWN_TIMEOUT_MS ?? process.env.SHUTDOWN_TIMEOUT_MS ?? 15_000) || 15_000;
  const url = `http://127.0.0.1:${options.port}`;
  const node: NodeProcess = {
    port: options.port,
    url,
    process: child,
    output: () => log,
    exited,
    async stop(signal = "SIGTERM", { killAfterMs = shutdownMs + 5_000 } = {}) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      try {
        process.kill(-child.pid!, signal); // the whole group: wrapper and server
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          /* gone */
        }
      }, killAfterMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
  if (options.waitForReady === false) return node;
  try {
    await waitForReady(url, child, () => log);
  } catch (error) {
    await node.stop("SIGKILL");
    throw error;
  }
  return node;
}

/**
 * Polls the node's readiness (`/api/health/ready`: database reachable, migrations current, not
 * draining) until it answers 200; fails as soon as the process exits.
 */
export async function waitForReady(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`node ${url} exited with ${child.exitCode ?? child.signalCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`node ${url} did not become ready within ${timeoutMs} ms:\n${log()}`);
}
