// `pnpm db:migrate | db:status | db:create-migration --name x | db:diff`: Prisma migrations
// without the native engine (see src/migrate). deploy/status use DATABASE_URL or the embedded
// database; create/diff need a real PostgreSQL server for their temporary shadow databases
// (SHADOW_DATABASE_URL, else DATABASE_URL).
//
// Exit codes: 0 ok; status 1 when not up to date; diff 2 when schema and migrations differ;
// 1 on errors (one line); 64 on bad usage.
import { parseArgs } from "node:util";

import { resolveDatabaseUrl, assertDatabaseReachable } from "../database-url.ts";
import { migrationsDir, schemaPath } from "../repo-root.ts";
import { runCli } from "./run-cli.ts";
import { createMigration, deployMigrations, diffMigrationsToSchema, migrationStatus, resolveMigration } from "../migrate/migrate-engine.ts";

const USAGE =
  "usage: migrate <deploy|status|create --name <name>|diff|resolve --applied|--rolled-back <migration>> [--schema <path>] [--migrations <dir>] [--verbose]";

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      schema: { type: "string", default: schemaPath() },
      migrations: { type: "string", default: migrationsDir() },
      applied: { type: "string" },
      "rolled-back": { type: "string" },
      "allow-empty": { type: "boolean", default: false },
      verbose: { type: "boolean", default: false },
    },
  });
}
type Values = ReturnType<typeof parse>["values"];

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv);
  const [command] = positionals;
  if (!command) {
    console.error(USAGE);
    return 64;
  }
  const needsServer = command === "create" || command === "diff";
  const serverUrl = process.env.SHADOW_DATABASE_URL || process.env.DATABASE_URL;
  if (needsServer && !serverUrl) {
    throw new Error(`${command} needs a real PostgreSQL server for its shadow databases: set SHADOW_DATABASE_URL (or DATABASE_URL)`);
  }
  const database = await resolveDatabaseUrl();
  try {
    // Migrations hold a session advisory lock: on DIRECT_DATABASE_URL when DATABASE_URL is a pooler.
    await assertDatabaseReachable(database.sessionConnectionString);
    return await run(command, values, database.sessionConnectionString);
  } finally {
    await database.release();
  }
}

async function run(command: string, values: Values, databaseUrl: string): Promise<number> {
  const base = {
    databaseUrl,
    migrationsDir: values.migrations,
    log: values.verbose ? (line: string) => console.error(line) : undefined,
  };
  const shadowDatabaseUrl = process.env.SHADOW_DATABASE_URL || undefined;

  switch (command) {
    case "deploy": {
      const applied = await deployMigrations(base);
      console.log(applied.length ? `Applied:\n${applied.map((m) => `  ${m}`).join("\n")}` : "No pending migrations.");
      return 0;
    }
    case "status": {
      const s = await migrationStatus(base);
      console.log(`${s.local.length} migration(s) found in ${base.migrationsDir}.`);
      const report: [string, string[]][] = [
        ["Not yet applied", s.pending],
        ["Failed (run resolve)", s.failed],
        ["Edited after being applied", s.edited],
        ["Applied but missing locally", s.missingLocally],
      ];
      for (const [title, names] of report) if (names.length) console.log(`${title}:\n${names.map((m) => `  ${m}`).join("\n")}`);
      console.log(s.upToDate ? "Database schema is up to date!" : "Database is NOT up to date.");
      return s.upToDate ? 0 : 1;
    }
    case "create": {
      if (!values.name) throw new Error("create needs --name <name>");
      const created = await createMigration({
        ...base,
        schemaPath: values.schema,
        name: values.name,
        shadowDatabaseUrl,
        allowEmpty: values["allow-empty"],
        onPendingApplied: (names) => console.log(`Applied pending migration(s) first:\n${names.map((m) => `  ${m}`).join("\n")}`),
      });
      console.log(created ? `Created ${created.path} (not applied).` : "No schema change: no migration created.");
      return 0;
    }
    case "diff": {
      const sql = await diffMigrationsToSchema({
        schemaPath: values.schema,
        migrationsDir: base.migrationsDir,
        shadowDatabaseUrl: shadowDatabaseUrl ?? databaseUrl,
        log: base.log,
      });
      if (!sql) {
        console.error("Migrations and schema agree.");
        return 0;
      }
      process.stdout.write(sql);
      console.error("\nThe schema differs from the migrations: create a migration.");
      return 2;
    }
    case "resolve": {
      const name = values.applied ?? values["rolled-back"];
      if (!name || (values.applied && values["rolled-back"])) throw new Error("resolve needs exactly one of --applied <name> / --rolled-back <name>");
      await resolveMigration({ ...base, migrationName: name, as: values.applied ? "applied" : "rolled-back" });
      console.log(`Migration ${name} marked as ${values.applied ? "applied" : "rolled back"}.`);
      return 0;
    }
    default:
      console.error(USAGE);
      return 64;
  }
}

await runCli(() => main(process.argv.slice(2)));
