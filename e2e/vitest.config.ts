// System tests: real production nodes (separate OS processes) on one real PostgreSQL.
//
// Two files at a time: a file spends most of its time waiting on its nodes (starting, draining,
// failing over), so the second core does another file's work meanwhile. Each file has its own
// ports (a block of its own under 3200–3600, HA and PgBouncer above 25000) and its own
// databases, so no two files share anything but the PostgreSQL server. The longest files start
// first (SlowestFirst), so that no long file is left to run alone at the end.
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";
import { vitestReport } from "@once/db/testing/vitest-report";

/** The files that take the longest (from the test command's timing report, .test-report/). */
const LONGEST_FIRST = ["fleet-start", "ha-failover", "pooler", "fleet-rolling-restart", "staff-attacks", "dev-counters", "security", "runbook-standalone"];

class SlowestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return Promise.resolve([...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId)));
  }
}

export default defineConfig({
  test: {
    include: ["system/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    ...vitestReport(),
  },
});
