// Two (or more) production nodes of apps/web on one fresh PostgreSQL database, plus helpers
// to speak the REST contract to any of them. Needs `pnpm build` first.
import type pg from "pg";
import { createTestDatabase, testPool, type TestDatabase } from "@once/db/testing";
import { seedDatabase } from "@once/db/seed";
import { startNode, type NodeProcess } from "@once/scripts/cluster/node-process";

export interface Cluster {
  database: TestDatabase;
  nodes: NodeProcess[];
  sql: pg.Pool;
  restart(index: number): Promise<NodeProcess>;
  stop(): Promise<void>;
}

export async function startCluster(options: { label: string; basePort: number; nodes?: number; env?: Record<string, string> }): Promise<Cluster> {
  const database = await createTestDatabase(options.label);
  await seedDatabase(database.url);
  const sql = testPool(database.url, 4);
  // Load tests write far beyond a customer's budgets; the security tests set their own.
  const env = {
    RATE_LIMIT_WRITES_PER_MINUTE: "100000",
    RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE: "100000",
    ORDER_DAILY_COPIES_PER_GUIDE: "1000",
    ORDER_DAILY_COPIES_PER_ADDRESS: "10000000",
    STAFF_WRITES_PER_MINUTE: "100000",
    LOG_LEVEL: "warn",
    ...options.env,
  };
  const count = options.nodes ?? 2;
  const nodes = await Promise.all(Array.from({ length: count }, (_, i) => startNode({ port: options.basePort + i + 1, databaseUrl: database.url, env })));
  return {
    database,
    nodes,
    sql,
    async restart(index) {
      const old = nodes[index]!;
      await old.stop("SIGKILL");
      nodes[index] = await startNode({ port: old.port, databaseUrl: database.url, env });
      return nodes[index];
    },
    async stop() {
      await Promise.all(nodes.map((n) => n.stop()));
      await sql.end();
      await database.drop();
    },
  };
}

export async function newSession(node: NodeProcess): Promise<string> {
  const res = await fetch(`${node.url}/api/v1/sessions`, { method: "POST" });
  if (res.status !== 201) throw new Error(`session: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

export async function post(
  node: NodeProcess | string,
  path: string,
  options: { token?: string; key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
): Promise<Reply> {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key !== undefined) headers["idempotency-key"] = options.key;
  const base = typeof node === "string" ? node : node.url;
  const res = await fetch(`${base}${path}`, { method: "POST", headers, body: options.rawBody ?? JSON.stringify(options.body) });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, text };
}

export async function getOperation(node: NodeProcess, token: string, key: string, type?: string): Promise<Reply> {
  const res = await fetch(`${node.url}/api/v1/operations/${encodeURIComponent(key)}${type ? `?type=${type}` : ""}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Record<string, unknown>, text };
}

export const newKey = () => crypto.randomUUID();

export async function count(sql: pg.Pool, query: string, params: unknown[] = []): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(`select count(*)::text as n from ${query}`, params);
  return Number(rows[0]!.n);
}
