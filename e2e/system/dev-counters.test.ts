// The operation counters under `pnpm dev` on the embedded database (issue 13: the operator view
// and the per-lead counters read 0 there). The app's own dev script runs with a fresh PGlite
// directory; inquiries are sent and replayed, and Ctrl-C (SIGINT to the whole process group, as
// a terminal sends it) stops it before any periodic flush could run: the counts must be in the
// database afterwards, written by the stop itself.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { resolveDatabaseUrl } from "@once/db/database-url";
import { repoRoot } from "@once/scripts/cluster/node-process";

const PORT = 3345; // its own: fleet-nginx-retry.test.ts proxies on 3341–3343
const EMBEDDED_DB_PORT = 55441;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "once-dev-counters-"));
let dev: ChildProcess | undefined;
let output = "";

afterAll(() => {
  if (dev && dev.exitCode === null && dev.signalCode === null) process.kill(-dev.pid!, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForReady(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dev!.exitCode !== null) throw new Error(`pnpm dev exited:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${PORT}/api/health/ready`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`pnpm dev not ready after ${timeoutMs} ms:\n${output}`);
}

/** Waits until every process of the group has exited (pnpm may exit before its children). */
async function groupGone(group: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(group, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`pnpm dev still running ${timeoutMs} ms after Ctrl-C:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function submit(token: string, key: string, i: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/leads`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": key },
    body: JSON.stringify({ name: `Dev ${i}`, phone: `1380000000${i}`, content: "counted?" }),
  });
  await res.body?.cancel();
  return res.status;
}

describe("operation counters under pnpm dev (embedded database)", () => {
  it("counts executions and replays, and writes them when Ctrl-C stops it", { timeout: 300_000 }, async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(PORT),
      EMBEDDED_DB_DIR: dataDir,
      EMBEDDED_DB_PORT: String(EMBEDDED_DB_PORT),
      LOG_LEVEL: "warn",
    };
    delete env.DATABASE_URL;
    delete env.NODE_ENV;
    // Only the stop may write them: the periodic flush is an hour away.
    env.OPERATION_STATS_FLUSH_MS = "3600000";
    dev = spawn("pnpm", ["run", "dev"], { cwd: path.join(repoRoot, "apps/web"), env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    dev.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await waitForReady(240_000);

    const session = (await (await fetch(`http://127.0.0.1:${PORT}/api/v1/sessions`, { method: "POST" })).json()) as { token: string };
    const keys = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [i, key] of keys.entries()) {
      expect(await submit(session.token, key, i)).toBe(201);
      expect(await submit(session.token, key, i)).toBe(201); // replayed
    }

    process.kill(-dev.pid!, "SIGINT");
    await groupGone(-dev.pid!, 30_000);

    // The embedded database again, on its own now, to read what was written.
    const database = await resolveDatabaseUrl({ EMBEDDED_DB_DIR: dataDir, EMBEDDED_DB_PORT: String(EMBEDDED_DB_PORT) });
    const sql = new pg.Client({ connectionString: database.connectionString });
    try {
      await sql.connect();
      const stats = await sql.query<{ kind: string; count: string }>(
        `select kind, sum(count)::text as count from operation_stat where operation = 'lead' group by kind`,
      );
      expect(Object.fromEntries(stats.rows.map((r) => [r.kind, Number(r.count)]))).toEqual({ executed: 2, replayed: 2 });
      const records = await sql.query<{ replay_count: number }>(`select replay_count from idempotency_record where key = any($1)`, [keys]);
      expect(records.rows.map((r) => r.replay_count)).toEqual([1, 1]);
    } finally {
      await sql.end();
      await database.release();
    }
  });
});
