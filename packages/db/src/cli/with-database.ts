// `with-database [--seed] [--production] -- <command...>`: how every server process starts.
// 1. decide the database (DATABASE_URL, or the embedded PGlite served on a local port),
// 2. check it is reachable and that the connections fit it (DATABASE_POOL_MODE against what the
//    server shows, the pool within max_connections: connection-setup.ts), apply pending
//    migrations (on DIRECT_DATABASE_URL when set: they need a session) and the idempotent seed,
// 3. run the command with DATABASE_URL set, and stop the embedded server when it exits.
// Any failure in 1-2 prints one line naming the cause and exits 1 before anything listens.
// SIGTERM/SIGINT during 1-2 stop start-up after the step under way (see below); once the
// command runs, they are passed on to it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { constants as osConstants } from "node:os";
import path from "node:path";
import { findRepoRoot } from "../repo-root.ts";
import { assertDatabaseReachable, resolveDatabaseUrl, type ResolvedDatabase } from "../database-url.ts";
import { readDatabaseEnv, StartupError } from "../env.ts";
import { deployMigrations } from "../migrate/index.ts";
import { assertConnectionSetup } from "../connection-setup.ts";
import { seedDatabase } from "../seed-runner.ts";
import { ensureSharedSecret } from "../shared-secret.ts";
import { runCli } from "./run-cli.ts";

const SHARED_SECRETS = [
  ["SESSION_SECRET", "session"],
  ["BETTER_AUTH_SECRET", "staff-auth"],
] as const;

await runCli(async () => {
  const argv = process.argv.slice(2);
  const separator = argv.indexOf("--");
  const flags = separator === -1 ? [] : argv.slice(0, separator);
  const command = separator === -1 ? argv : argv.slice(separator + 1);
  if (command.length === 0) throw new StartupError("usage: with-database [--seed] [--production] -- <command> [args...]");

  // The repository's .env (see .env.example), for every process started this way; variables
  // already set in the environment win.
  const dotenv = path.join(findRepoRoot(), ".env");
  if (existsSync(dotenv)) process.loadEnvFile(dotenv);

  const production = flags.includes("--production");
  if (production) process.env.NODE_ENV = "production";

  // A stop signal during start-up is remembered and acted on between steps, never inside one.
  // Each migration runs in a transaction, but Prisma records it as started in
  // _prisma_migrations before running it and as finished after: exiting in between rolls the
  // migration back and leaves that record "failed", and then every node refuses to start
  // (P3009) until someone resolves it by hand. So a migration (or the seed) under way is
  // finished first; only SIGKILL cuts it short. Once the command runs, signals are passed on.
  const running: { child?: ReturnType<typeof spawn>; database?: ResolvedDatabase; stopSignal?: NodeJS.Signals } = {};
  const exit = async (code: number) => {
    await running.database?.release();
    process.exit(code);
  };
  const stopIfAsked = async () => {
    if (!running.stopSignal) return;
    console.log(`${running.stopSignal}: stopped before start-up finished (nothing was left half done)`);
    // SIGTERM is an orderly stop (0); SIGINT keeps the shell's "interrupted" status (130).
    await exit(running.stopSignal === "SIGTERM" ? 0 : 130);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (running.child) {
        if (running.child.exitCode === null) running.child.kill(signal);
        return;
      }
      if (running.stopSignal) return;
      running.stopSignal = signal;
      console.log(`${signal}: stopping once the current start-up step has finished`);
    });
  }

  const database = await resolveDatabaseUrl();
  running.database = database;
  try {
    await stopIfAsked();
    await assertDatabaseReachable(database.connectionString);
    if (database.mode === "external") {
      // (The embedded PGlite is one session for every connection: it would look like a pooler.)
      const { DIRECT_DATABASE_URL, DATABASE_POOL_SIZE, DATABASE_POOL_MODE } = readDatabaseEnv();
      if (DIRECT_DATABASE_URL) await assertDatabaseReachable(DIRECT_DATABASE_URL);
      await assertConnectionSetup({ url: database.connectionString, directUrl: DIRECT_DATABASE_URL, poolSize: DATABASE_POOL_SIZE, mode: DATABASE_POOL_MODE });
    }
    await stopIfAsked();
    const applied = await deployMigrations({ databaseUrl: database.sessionConnectionString });
    const where = database.mode === "embedded" ? "embedded PostgreSQL (PGlite)" : "PostgreSQL from DATABASE_URL";
    console.log(`database: ${where}; ${applied.length ? `applied ${applied.join(", ")}` : "migrations current"}`);
    await stopIfAsked();
    if (flags.includes("--seed")) await seedDatabase(database.connectionString);
    // Secrets every node must share. Production must be given them: a secret kept in the
    // database would let anyone who can read the database mint customer tokens and forge staff
    // sessions. Development keeps one there so `pnpm dev` needs no set-up.
    for (const [variable, name] of SHARED_SECRETS) {
      if (process.env[variable]) continue;
      if (production)
        throw new StartupError(
          `refusing to start: ${variable} is not set (production needs it; at least 32 random characters, the same on every node, e.g. \`openssl rand -base64 32\`)`,
        );
      process.env[variable] = await ensureSharedSecret(database.connectionString, name);
      console.log(`${variable} is not set: using the development secret kept in the database (shared by all nodes)`);
    }
  } catch (error) {
    await database.release();
    throw error;
  }
  await stopIfAsked();

  const child = spawn(command[0]!, command.slice(1), {
    stdio: "inherit",
    env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env, DATABASE_URL: database.connectionString },
  });
  running.child = child;
  child.on("exit", (code, signal) => void exit(code ?? (signal ? 128 + (osConstants.signals[signal] ?? 0) : 1)));
});
