// Starts and stops one production node (`next start` of apps/web, through with-database) as
// a separate OS process. Used by the cluster script, the system tests and the benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
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

export async function startNode(options: { port: number; databaseUrl: string; env?: Record<string, string> }): Promise<NodeProcess> {
  const child = spawn("node", [path.join(repoRoot, "packages/db/bin/with-database.mjs"), "--", "next", "start", "--port", String(options.port)], {
    cwd: path.join(repoRoot, "apps/web"),
    env: {
      ...process.env,
      NODE_ENV: "production",
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
        process.kill(-child.pid!, signal); // the whole group: wrapper and next
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
