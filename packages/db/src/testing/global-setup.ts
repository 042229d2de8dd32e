// vitest globalSetup for packages whose tests need a database: one fresh, migrated PostgreSQL
// database per test run, named after the package, dropped afterwards. Tests read its URL with
// `inject("databaseUrl")`.
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createTestDatabase } from "./test-database.ts";

export default async function setup(project: TestProject) {
  const database = await createTestDatabase(path.basename(project.config.root));
  project.provide("databaseUrl", database.url);
  return () => database.drop();
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
