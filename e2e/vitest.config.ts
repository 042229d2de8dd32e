// System tests: real production nodes (separate OS processes) on one real PostgreSQL.
//
// One file at a time. Two at a time was measured (BENCHMARKS.md, "The test command"): on this
// 2-core machine each file then took about twice as long (fleet-start 120 s instead of 71 s,
// the rolling restart 67 s instead of 34 s), so the phase was no shorter, and the failover
// test's timings, which it asserts, were no longer its own. Each file still has ports of its
// own (a block under 3200–3600, HA and PgBouncer above 25000) and databases of its own.
import { defineConfig } from "vitest/config";
import { vitestReport } from "@once/db/testing/vitest-report";

export default defineConfig({
  test: {
    include: ["system/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    setupFiles: ["system/short-keep-alive.ts"],
    ...vitestReport(),
  },
});
