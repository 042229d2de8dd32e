// A small closed-loop load generator: `connections` workers over one undici pool, each sending
// its next request as soon as the previous answered. Reports p50/p99 latency and throughput.
import { Pool } from "undici";

export interface LoadResult {
  name: string;
  requests: number;
  seconds: number;
  throughput: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
  /** Every request's latency in ms, ascending (to merge runs: mergeLoads). */
  latencies: number[];
}

export interface RequestSpec {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** The p-th percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runLoad(options: {
  name: string;
  origin: string;
  connections: number;
  requests: number;
  next: (i: number, worker: number) => RequestSpec;
}): Promise<LoadResult> {
  const pool = new Pool(options.origin, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      while (issued < options.requests) {
        const spec = options.next(issued++, worker);
        const t0 = performance.now();
        const res = await pool.request({ method: "POST", path: spec.path, headers: spec.headers, body: spec.body });
        await res.body.dump();
        latencies.push(performance.now() - t0);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return loadResult(
    options.name,
    latencies.sort((a, b) => a - b),
    seconds,
    statuses,
  );
}

/** A load's figures from its latencies (ascending), its seconds and its answers. */
function loadResult(name: string, latencies: number[], seconds: number, statuses: Record<number, number>): LoadResult {
  return {
    name,
    requests: latencies.length,
    seconds,
    throughput: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
    latencies,
  };
}

/** Several runs of one load as one: their requests, time and answers added, the percentiles of all their latencies. */
export function mergeLoads(name: string, runs: LoadResult[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const statuses: Record<number, number> = {};
  for (const run of runs) for (const [status, n] of Object.entries(run.statuses)) statuses[Number(status)] = (statuses[Number(status)] ?? 0) + n;
  return loadResult(name, latencies, seconds, statuses);
}
