// `pnpm test`: every test, phase by phase, then where the time went (report.ts).
// scripts/test.sh times the phases before it (install, Debian packages) into the same
// report directory, so the table at the end covers the whole test command.
//
// The phases: typecheck, unit + integration tests and the production build under one turbo
// run (its graph keeps both cores busy: a package's tests start while another one compiles),
// then lint, the system tests and the browser tests, each on the build.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { recordPhase, REPORT_DIR, TURBO_SUMMARY_DIR } from "./report-files.ts";
import { printReport } from "./report.ts";

interface Phase {
  name: string;
  command: string[];
}

const PHASES: Phase[] = [
  { name: "typecheck · unit · build (turbo)", command: ["pnpm", "turbo", "run", "typecheck", "test", "build", "--concurrency=2", "--summarize"] },
  { name: "lint", command: ["pnpm", "lint"] },
  { name: "system", command: ["pnpm", "--filter", "@once/e2e", "e2e", "system"] },
  { name: "browser", command: ["pnpm", "--filter", "@once/e2e", "e2e", "browser"] },
];

// `pnpm test system browser` runs only the phases named (by their first word), e.g. after a
// change that only the system and browser tests see; plain `pnpm test` runs them all.
const only = process.argv.slice(2);
const chosen = only.length ? PHASES.filter((phase) => only.includes(phase.name.split(" ")[0]!)) : PHASES;
if (only.length && chosen.length !== only.length) {
  console.error(`unknown phase in: ${only.join(" ")} (the phases: ${PHASES.map((p) => p.name.split(" ")[0]).join(", ")})`);
  process.exit(2);
}

// scripts/test.sh starts the report with its own phases; run alone, `pnpm test` starts afresh.
if (process.env.TEST_REPORT_CONTINUE !== "1") rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });
rmSync(TURBO_SUMMARY_DIR, { recursive: true, force: true });

let status = 0;
for (const phase of chosen) {
  const started = performance.now();
  const [command, ...args] = phase.command;
  // ONCE_BUILD_IN_TEST_RUN: the build leaves the type check to the typecheck tasks beside it (apps/web/next.config.ts).
  const result = spawnSync(command!, args, { stdio: "inherit", env: { ...process.env, TEST_REPORT_DIR: REPORT_DIR, ONCE_BUILD_IN_TEST_RUN: "1" } });
  status = result.status ?? 1;
  recordPhase(phase.name, (performance.now() - started) / 1000, status === 0 ? "passed" : "FAILED");
  if (status !== 0) break;
}
printReport();
process.exit(status);
