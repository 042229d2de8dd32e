// Runs nginx in front of the nodes with deploy/nginx/once.conf.template (seed 000's rules).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "./node-process.ts";

export interface NginxProcess {
  url: string;
  stop(): Promise<void>;
}

export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) {
    if (spawnSync(candidate, ["-v"]).status === 0) return candidate;
  }
  return null;
}

export async function startNginx(options: { port: number; upstreamPorts: number[] }): Promise<NginxProcess> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed (Debian: apt-get install -y nginx-light)");
  const dir = mkdtempSync(path.join(os.tmpdir(), "once-nginx-"));
  mkdirSync(path.join(dir, "temp"));
  const config = readFileSync(path.join(repoRoot, "deploy/nginx/once.conf.template"), "utf8")
    .replaceAll("__LISTEN_PORT__", String(options.port))
    .replaceAll("__UPSTREAMS__", options.upstreamPorts.map((p) => `server 127.0.0.1:${p};`).join("\n    "))
    .replaceAll("__PID_FILE__", path.join(dir, "nginx.pid"))
    .replaceAll("__TEMP_DIR__", path.join(dir, "temp"));
  const configPath = path.join(dir, "nginx.conf");
  writeFileSync(configPath, config);
  const child: ChildProcess = spawn(binary, ["-c", configPath, "-p", dir, "-e", "stderr"], { stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`${url}/api/health/live`); // any answer, even a 502, means nginx is listening
      break;
    } catch {
      /* not yet */
    }
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} (see its output above)`);
    if (Date.now() > deadline) throw new Error("nginx did not listen within 10 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGQUIT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
