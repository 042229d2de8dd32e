// `pnpm lint`: ESLint (type-aware, one core for about a minute) beside the others — Prettier,
// sherif and the OpenAPI linters, one after another — so the phase takes ESLint's time, not the
// sum (the second core was idle while ESLint ran). ESLint's own --concurrency=2 was slower here:
// each thread builds its own TypeScript program. Fails when any of them fails.
// `--cache` (pnpm test:quick): ESLint and Prettier read only the files changed since their
// last run.
import { spawn } from "node:child_process";

const cache = process.argv.includes("--cache");

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    spawn(command, args, { stdio: "inherit" })
      .on("exit", (code) => resolve(code ?? 1))
      .on("error", () => resolve(1));
  });
}

async function inTurn(steps: [string, string[]][]): Promise<number> {
  for (const [command, args] of steps) {
    const code = await run(command, args);
    if (code !== 0) return code;
  }
  return 0;
}

const codes = await Promise.all([
  run("pnpm", ["exec", "eslint", "--max-warnings", "0", ...(cache ? ["--cache", "--cache-location", "node_modules/.cache/eslint/"] : []), "."]),
  inTurn([
    ["pnpm", ["exec", "prettier", "--check", ...(cache ? ["--cache"] : []), "."]],
    ["pnpm", ["exec", "sherif"]],
    ["pnpm", ["--filter", "@once/client", "lint:openapi"]],
  ]),
]);
process.exit(codes.find((code) => code !== 0) ?? 0);
