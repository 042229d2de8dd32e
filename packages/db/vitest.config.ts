import { defineConfig } from "vitest/config";
import { vitestReport } from "./src/testing/vitest-report.ts";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    isolate: false, // one module graph for the run, not one per file (src/testing/vitest-config.ts says why)
    ...vitestReport(),
  },
});
