// What /api/health reports: can we reach the database, and are all committed migrations
// applied? Reads Prisma's own _prisma_migrations table; needs no schema engine.
import { readdir } from "node:fs/promises";
import type { PrismaClient } from "./client.ts";
import { migrationsDir } from "./repo-root.ts";

export interface DatabaseHealth {
  ok: boolean;
  /** "read-only": reachable but a standby (pg_is_in_recovery()), which refuses every write. */
  database: "reachable" | "unreachable" | "read-only";
  migrations: { current: boolean; applied: number; pending: string[] };
  error?: string;
}

export async function listCommittedMigrations(dir: string = migrationsDir()): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

export async function checkDatabaseHealth(prisma: PrismaClient, dir?: string): Promise<DatabaseHealth> {
  const committed = await listCommittedMigrations(dir);
  let applied: string[];
  try {
    const rows = await prisma.$queryRaw<{ migration_name: string }[]>`
      select migration_name from _prisma_migrations
      where finished_at is not null and rolled_back_at is null`;
    applied = rows.map((r) => r.migration_name);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const missingTable = /_prisma_migrations/.test(message) && /does not exist/.test(message);
    if (!missingTable) {
      return { ok: false, database: "unreachable", migrations: { current: false, applied: 0, pending: committed }, error: "database unreachable" };
    }
    applied = [];
  }
  const appliedSet = new Set(applied);
  const pending = committed.filter((name) => !appliedSet.has(name));
  // A node whose DATABASE_URL reaches a standby is not ready: it could answer no write.
  const standby = await prisma.$queryRaw<{ standby: boolean }[]>`select pg_is_in_recovery() as standby`.then(
    (rows) => rows[0]?.standby === true,
    () => false,
  );
  return {
    ok: pending.length === 0 && !standby,
    database: standby ? "read-only" : "reachable",
    migrations: { current: pending.length === 0, applied: applied.length, pending },
  };
}
