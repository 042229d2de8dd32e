// Starts and stops one production node (apps/web's server.mjs, through with-database) as
// a separate OS process. Used by the cluster script, the system tests and the benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface NodeProcess {
  port: number;
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The secrets production requires, the same for every node this process starts: taken from
 * the environment when set, else made up once per process (sessions then last as long as it).
 */
export const nodeSecrets = {
  SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString("base64url"),
  BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString("base64url"),
};

export async function startNode(options: { port: number; databaseUrl: string; env?: Record<string, string> }): Promise<NodeProcess> {
  const withDatabase = path.join(repoRoot, "packages/db/bin/with-database.mjs");
  const child = spawn("node", [withDatabase, "--production", "--", "node", "server.mjs", "--port", String(options.port)], {
    cwd: path.join(repoRoot, "apps/web"),
    env: {
      ...process.env,
      NODE_ENV: "production",
      ...nodeSecrets,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      PATH: `${path.join(repoRoot, "apps/web/node_modules/.bin")}:${process.env.PATH}`,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  const node: NodeProcess = {
    port: options.port,
    url,
    process: child,
    output: () => log,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
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
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  await waitForHealthy(url, child, () => log);
  return node;
}

export async function waitForHealthy(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node ${url} exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`node ${url} did not become healthy within ${timeoutMs} ms:\n${log()}`);
}
