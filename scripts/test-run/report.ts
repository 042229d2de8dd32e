// The end of the test command's output: each phase with its seconds, the tasks of the turbo
// phase (they overlap: two at a time), and the slowest test files and tests of every vitest
// and Playwright run. The same tables go to .test-report/summary.md, ready for BENCHMARKS.md.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PLAYWRIGHT_REPORT, readPhases, REPO_ROOT, REPORT_DIR, TURBO_SUMMARY_DIR } from "./report-files.ts";

interface Timed {
  where: string;
  name: string;
  seconds: number;
}

const SLOWEST = 15;

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

interface TurboSummary {
  tasks: { taskId: string; task: string; execution?: { startTime: number; endTime: number }; cache?: { status: string } }[];
}

/** Per kind of task (typecheck, test, build…): the window from its first start to its last end, and its summed time. */
function turboTasks(): { kinds: { task: string; span: number; sum: number; count: number }[]; tasks: Timed[] } {
  if (!existsSync(TURBO_SUMMARY_DIR)) return { kinds: [], tasks: [] };
  const file = readdirSync(TURBO_SUMMARY_DIR).find((name) => name.endsWith(".json"));
  const summary = file ? readJson<TurboSummary>(path.join(TURBO_SUMMARY_DIR, file)) : undefined;
  const byKind = new Map<string, { start: number; end: number; sum: number; count: number }>();
  const tasks: Timed[] = [];
  for (const task of summary?.tasks ?? []) {
    const run = task.execution;
    if (!run) continue;
    const seconds = (run.endTime - run.startTime) / 1000;
    tasks.push({ where: "turbo", name: task.taskId + (task.cache?.status === "HIT" ? " (cached)" : ""), seconds });
    const kind = byKind.get(task.task) ?? { start: run.startTime, end: run.endTime, sum: 0, count: 0 };
    kind.start = Math.min(kind.start, run.startTime);
    kind.end = Math.max(kind.end, run.endTime);
    kind.sum += seconds;
    kind.count += 1;
    byKind.set(task.task, kind);
  }
  const kinds = [...byKind].map(([task, k]) => ({ task, span: (k.end - k.start) / 1000, sum: k.sum, count: k.count }));
  return { kinds, tasks };
}

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: { fullName: string; duration?: number | null }[] }[];
}

function vitestTimes(): { files: Timed[]; tests: Timed[] } {
  const files: Timed[] = [];
  const tests: Timed[] = [];
  if (!existsSync(REPORT_DIR)) return { files, tests };
  for (const name of readdirSync(REPORT_DIR).filter((n) => n.startsWith("vitest-") && n.endsWith(".json"))) {
    const where = name.slice("vitest-".length, -".json".length);
    for (const file of readJson<VitestReport>(path.join(REPORT_DIR, name))?.testResults ?? []) {
      const relative = path.relative(REPO_ROOT, file.name);
      files.push({ where, name: relative, seconds: (file.endTime - file.startTime) / 1000 });
      for (const test of file.assertionResults) tests.push({ where, name: `${relative} › ${test.fullName}`, seconds: (test.duration ?? 0) / 1000 });
    }
  }
  return { files, tests };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; file: string; tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function playwrightTimes(): { files: Timed[]; tests: Timed[] } {
  const report = readJson<{ suites: PlaywrightSuite[] }>(PLAYWRIGHT_REPORT);
  const tests: Timed[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const seconds = spec.tests.reduce((sum, test) => sum + test.results.reduce((s, r) => s + r.duration, 0), 0) / 1000;
      tests.push({ where: "browser", name: [spec.file, ...titles, spec.title].join(" › "), seconds });
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  const byFile = new Map<string, number>();
  for (const test of tests) {
    const file = test.name.split(" › ")[0]!;
    byFile.set(file, (byFile.get(file) ?? 0) + test.seconds);
  }
  return { files: [...byFile].map(([name, seconds]) => ({ where: "browser", name: `e2e/tests/${name}`, seconds })), tests };
}

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(" | ")} |`, `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join(
    "\n",
  );
}

const s = (seconds: number) => `${seconds.toFixed(1)} s`;
const slowest = (items: Timed[], n = SLOWEST) => [...items].sort((a, b) => b.seconds - a.seconds).slice(0, n);

export function printReport(): void {
  const phases = readPhases();
  const total = phases.reduce((sum, p) => sum + p.seconds, 0);
  const turbo = turboTasks();
  const vitest = vitestTimes();
  const browser = playwrightTimes();

  const sections = [
    "### Phases",
    table(
      ["phase", "seconds", "outcome"],
      [...phases.map((p) => [p.name, s(p.seconds), p.outcome]), ["**total**", `**${s(total)}** (${(total / 60).toFixed(1)} min)`, ""]],
    ),
    "### Inside the turbo phase (two tasks at a time: the windows overlap)",
    table(
      ["task", "window", "summed", "packages"],
      turbo.kinds.map((k) => [k.task, s(k.span), s(k.sum), String(k.count)]),
    ),
    `### The ${SLOWEST} slowest test files`,
    table(
      ["file", "suite", "seconds"],
      slowest([...vitest.files, ...browser.files]).map((t) => [t.name, t.where, s(t.seconds)]),
    ),
    `### The ${SLOWEST} slowest tests`,
    table(
      ["test", "suite", "seconds"],
      slowest([...vitest.tests, ...browser.tests]).map((t) => [t.name, t.where, s(t.seconds)]),
    ),
    "### The slowest turbo tasks",
    table(
      ["task", "seconds"],
      slowest(turbo.tasks, 8).map((t) => [t.name, s(t.seconds)]),
    ),
  ];
  const markdown = sections.join("\n\n") + "\n";
  writeFileSync(path.join(REPORT_DIR, "summary.md"), markdown);
  process.stdout.write(`\n── Where the time went (also in .test-report/summary.md) ──\n\n${markdown}`);
}

if (process.argv[1] === import.meta.filename) printReport();
