// The vitest configuration of every package whose tests talk to PostgreSQL: tests beside the
// code, one fresh migrated database per run (global-setup.ts), generous timeouts for real I/O.
import path from "node:path";
import { defineConfig } from "vitest/config";
import { vitestReport } from "./vitest-report.ts";

export function databaseTestConfig(options: { fileParallelism?: boolean; testTimeout?: number } = {}) {
  return defineConfig({
    test: {
      include: ["src/**/*.test.ts"],
      globalSetup: [path.join(import.meta.dirname, "global-setup.ts")],
      testTimeout: options.testTimeout ?? 60_000,
      hookTimeout: 120_000,
      fileParallelism: options.fileParallelism ?? true,
      // One module graph per worker, not per file: a package's test files import the same
      // Prisma client, tRPC routers and protocol, and loading them again for each file was most
      // of the run (packages/api: 50 s of tests in 141 s). The files share no module state
      // they do not reset (fake timers are restored after each test).
      isolate: false,
      ...vitestReport(),
    },
  });
}
