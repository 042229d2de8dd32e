// `pnpm test:quick`: the loop while changing code, in a few minutes. Every package is
// typechecked (turbo keeps the result of a package that did not change); the tests run only in
// the packages the change touches and in those that depend on them (turbo's --affected: the
// files changed since the branch left its upstream, committed or not, or since HEAD when it has
// none); lint is the full command's `pnpm lint` with --cache (scripts/test-run/lint.ts):
// ESLint and Prettier read only what changed since their last run. The system and browser
// tests, and the production build, are the full command's: scripts/test.sh.
import { spawnSync } from "node:child_process";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Where the change starts: the merge base with the upstream branch, or HEAD. */
function changeBase(): string {
  const upstream = spawnSync("git", ["merge-base", "HEAD", "@{upstream}"], { encoding: "utf8" });
  return upstream.status === 0 ? upstream.stdout.trim() : "HEAD";
}

const started = performance.now();
run("pnpm", ["turbo", "run", "typecheck", "--concurrency=2", "--output-logs=errors-only"]);
run("pnpm", ["turbo", "run", "test", "--affected", "--concurrency=2", "--output-logs=new-only"], { ...process.env, TURBO_SCM_BASE: changeBase() });
run("pnpm", ["lint", "--cache"]);
console.log(`test:quick passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
