// System tests: real production nodes (separate OS processes) on one real PostgreSQL.
//
// Two groups, one after the other. First most files, two at a time: on this 2-core machine a
// file that starts a few nodes and checks their answers leaves the CPU idle about 40% of its time
// (start-ups waiting on the database, clients waiting on answers), which the other file uses.
// Then, one at a time, the two whose load and asserted timings must be their own: the failover
// (Patroni's waits, the longest time without a write) and the pooler (24 clients through every
// restart). Two at a time for those was measured (BENCHMARKS.md, "The test command"): each took
// about twice as long, and the failover's timings failed. Each file has ports of its own (a block
// under 3200–3600, HA and PgBouncer above 25000) and databases of its own, so any two may overlap.
import { configDefaults, defineConfig } from "vitest/config";
import { vitestReport } from "@once/db/testing/vitest-report";

const ALONE = ["system/ha-failover.test.ts", "system/pooler.test.ts"];

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
