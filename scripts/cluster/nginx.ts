// Runs nginx in front of the nodes with deploy/nginx/once.conf.template (never replay a POST on another node).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "./node-process.ts";

export interface NginxProcess {
  url: string;
  /**
   * Takes the node on `port` out of rotation (`server … down;` and a reload) or puts it back,
   * and resolves once the workers of the previous configuration have exited: from then on no
   * request is sent to a node taken out. docs/OPERATIONS.md "Roll a new release" does the same
   * by hand.
   */
  setInRotation(port: number, inRotation: boolean): Promise<void>;
  stop(): Promise<void>;
}

export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) {
    if (spawnSync(candidate, ["-v"]).status === 0) return candidate;
  }
  return null;
}

/** The worker processes of an nginx master (its children, read from /proc). */
function workersOf(masterPid: number): number[] {
  try {
    return readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export async function startNginx(options: { port: number; upstreamPorts: number[] }): Promise<NginxProcess> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed (Debian: apt-get install -y nginx-light)");
  const dir = mkdtempSync(path.join(os.tmpdir(), "once-nginx-"));
  mkdirSync(path.join(dir, "temp"));
  const template = readFileSync(path.join(repoRoot, "deploy/nginx/once.conf.template"), "utf8");
  const configPath = path.join(dir, "nginx.conf");
  const outOfRotation = new Set<number>();
  const writeConfig = () =>
    writeFileSync(
      configPath,
      template
        .replaceAll("__LISTEN_PORT__", String(options.port))
        .replaceAll("__UPSTREAMS__", options.upstreamPorts.map((p) => `server 127.0.0.1:${p}${outOfRotation.has(p) ? " down" : ""};`).join("\n    "))
        .replaceAll("__PID_FILE__", path.join(dir, "nginx.pid"))
        .replaceAll("__TEMP_DIR__", path.join(dir, "temp")),
    );
  writeConfig();
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
    async setInRotation(port, inRotation) {
      if (!options.upstreamPorts.includes(port)) throw new Error(`no upstream on port ${port}`);
      if (inRotation) outOfRotation.delete(port);
      else outOfRotation.add(port);
      writeConfig();
      const previousWorkers = workersOf(child.pid!);
      child.kill("SIGHUP");
      // A reload starts new workers and lets the old ones finish what they hold, then exit.
      const reloadDeadline = Date.now() + 20_000;
      for (;;) {
        const workers = workersOf(child.pid!);
        if (workers.length > 0 && !workers.some((pid) => previousWorkers.includes(pid))) return;
        if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} during a reload (see its output above)`);
        if (Date.now() > reloadDeadline) throw new Error("nginx's previous workers did not exit within 20 s of a reload");
        await new Promise((r) => setTimeout(r, 50));
      }
    },
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
