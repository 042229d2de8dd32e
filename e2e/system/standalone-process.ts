// Processes started from an unpacked standalone release, as docs/OPERATIONS.md and the systemd
// units start them: through bash (the documented command) or exactly as a unit's ExecStart,
// with only the environment given here (nothing of the repository on PATH).
import { spawn, type ChildProcess } from "node:child_process";
import { repoRoot } from "@once/scripts/cluster/node-process";

export interface ReleaseProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM to the main process only (systemd's KillMode=mixed), or to the whole group. */
  stop(options?: { group?: boolean }): Promise<number | null>;
}

/** PATH without the repository's node_modules/.bin folders, so nothing resolves from the checkout. */
export const systemPath = () =>
  (process.env.PATH ?? "")
    .split(":")
    .filter((entry) => !entry.startsWith(repoRoot))
    .join(":");

export function startReleaseProcess(command: string, args: string[], options: { cwd?: string; env: Record<string, string> }): ReleaseProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: systemPath(), HOME: process.env.HOME ?? "/tmp", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => log,
    exited,
    async stop({ group = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(group ? -child.pid! : child.pid!, "SIGTERM");
        } catch {
          /* gone */
        }
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, "SIGKILL");
          } catch {
            /* gone */
          }
        }, 30_000);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

/** Resolves once `check` passes; fails when the process exits first or after `timeoutMs`. */
export async function waitFor(what: string, process: ReleaseProcess, check: () => Promise<boolean> | boolean, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null || process.child.signalCode !== null) throw new Error(`exited before ${what}:\n${process.output()}`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${what} within ${timeoutMs} ms:\n${process.output()}`);
}
