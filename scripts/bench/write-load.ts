// What the write benchmarks share (ha-capacity.ts, stock-lock.ts): a node whose limits stay out
// of the measurement, one customer session per connection, and requests with fresh keys.
import type { RequestSpec } from "./load.ts";

/** The node's settings: budgets no run reaches, every order from this one address without a phone. */
export const WRITE_BENCH_ENV = {
  RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
  RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE: "100000000",
  RATE_LIMIT_SESSIONS_PER_MINUTE: "100000",
  ORDER_DAILY_COPIES_PER_ADDRESS: "10000000",
  ORDER_DAILY_COPIES_PER_GUIDE: "1000", // the most the app allows; per customer session, each connection has its own
  LOG_LEVEL: "warn",
  DATABASE_POOL_SIZE: "20",
};

/** One customer session per connection; returns, for a worker, a POST of `body` to `path` under a fresh key. */
export async function freshKeyRequests(origin: string, connections: number): Promise<(path: string, body: string, worker: number) => RequestSpec> {
  const tokens = await Promise.all(
    Array.from({ length: connections }, async () => ((await (await fetch(`${origin}/api/v1/sessions`, { method: "POST" })).json()) as { token: string }).token),
  );
  return (path, body, worker) => ({
    path,
    headers: { "content-type": "application/json", authorization: `Bearer ${tokens[worker]}`, "idempotency-key": crypto.randomUUID() },
    body,
  });
}
