// Where the test command keeps what it measures (.test-report/, ignored by git) and how a
// phase's seconds are written down: one tab-separated line per phase, appended as it ends.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const REPORT_DIR = path.join(ROOT, ".test-report");
export const PHASES_FILE = path.join(REPORT_DIR, "phases.tsv");
export const TURBO_SUMMARY_DIR = path.join(ROOT, ".turbo", "runs");
export const PLAYWRIGHT_REPORT = path.join(REPORT_DIR, "playwright.json");
export { ROOT as REPO_ROOT };

export interface PhaseTime {
  name: string;
  seconds: number;
  outcome: string;
}

/** The same line format as scripts/test.sh's `timed` writes. */
export function recordPhase(name: string, seconds: number, outcome: string): void {
  appendFileSync(PHASES_FILE, `${name}\t${seconds.toFixed(1)}\t${outcome}\n`);
}

export function readPhases(): PhaseTime[] {
  if (!existsSync(PHASES_FILE)) return [];
  return readFileSync(PHASES_FILE, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [name = "", seconds = "0", outcome = ""] = line.split("\t");
      return { name, seconds: Number(seconds), outcome };
    });
}
