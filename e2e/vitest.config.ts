// System tests: real production nodes (separate OS processes) on one real PostgreSQL.
//
// Two groups, one after the other. First the files that start one or two nodes and check
// answers, two files at a time: on this 2-core machine such a file leaves the CPU idle about
// 40% of its time (node start-ups waiting on the database, clients waiting on answers), which
// the other file uses. Then, one at a time, the files whose load or whose asserted timings must
// be their own: the failover (Patroni's waits), the pooler and the rolling restart (clients
// ordering through restarts) and fleet-start (three nodes meeting at the migration lock). Two
// at a time for those was measured (BENCHMARKS.md, "The test command"): each took about twice
// as long, and the failover's timings failed. Each file has ports of its own (a block under
// 3200–3600, HA and PgBouncer above 25000) and databases of its own, so any two may overlap.
import { configDefaults, defineConfig } from "vitest/config";
import { vitestReport } from "@once/db/testing/vitest-report";

const ALONE = ["system/ha-failover.test.ts", "system/pooler.test.ts", "system/fleet-rolling-restart.test.ts", "system/fleet-start.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    setupFiles: ["system/short-keep-alive.ts"],
    ...vitestReport(),
    projects: [
      {
        extends: true,
        test: { name: "paired", include: ["system/**/*.test.ts"], exclude: [...configDefaults.exclude, ...ALONE], maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      { extends: true, test: { name: "alone", include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
