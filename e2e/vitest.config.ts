// System tests: real production nodes (separate OS processes) on one real PostgreSQL.
import { defineConfig } from "vitest/config";
import { vitestReport } from "@once/db/testing/vitest-report";

export default defineConfig({
  test: {
    include: ["system/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    ...vitestReport(),
  },
});
