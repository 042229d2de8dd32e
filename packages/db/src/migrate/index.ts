// Migrations without Prisma's native engine: the WASM schema engine over a fixed pg adapter
// (see migrate-engine.ts). This module fills in the project's own paths.
import * as engine from "./migrate-engine.ts";
import { migrationsDir, schemaPath } from "../repo-root.ts";

export { SchemaEngineError, type MigrationStatus, type CreatedMigration } from "./migrate-engine.ts";

export function deployMigrations(options: { databaseUrl: string; migrationsDir?: string }): Promise<string[]> {
  return engine.deployMigrations({ databaseUrl: options.databaseUrl, migrationsDir: options.migrationsDir ?? migrationsDir() });
}

export function migrationStatus(options: { databaseUrl: string; migrationsDir?: string }) {
  return engine.migrationStatus({ databaseUrl: options.databaseUrl, migrationsDir: options.migrationsDir ?? migrationsDir() });
}

/** SQL that schema.prisma needs beyond the committed migrations ('' when they agree). */
export function diffMigrationsToSchema(options: { shadowDatabaseUrl: string }): Promise<string> {
  return engine.diffMigrationsToSchema({ schemaPath: schemaPath(), migrationsDir: migrationsDir(), shadowDatabaseUrl: options.shadowDatabaseUrl });
}

export function createMigration(options: { databaseUrl: string; name: string; allowEmpty?: boolean }) {
  return engine.createMigration({ ...options, schemaPath: schemaPath(), migrationsDir: migrationsDir() });
}
