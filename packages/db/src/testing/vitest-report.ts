// Every vitest config of the workspace spreads this into its `test` block: when the test
// command (scripts/test-run/run-tests.ts) sets TEST_REPORT_DIR, each run also writes a JSON
// report there (vitest-<folder>.json), from which the command prints the slowest tests.
import path from "node:path";

export function vitestReport(): { reporters?: string[]; outputFile?: { json: string } } {
  const directory = process.env.TEST_REPORT_DIR;
  if (!directory) return {};
  return { reporters: ["default", "json"], outputFile: { json: path.join(directory, `vitest-${path.basename(process.cwd())}.json`) } };
}
