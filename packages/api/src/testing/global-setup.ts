// One fresh, migrated PostgreSQL database for this package's test run; dropped afterwards.
import type { TestProject } from "vitest/node";
import { createTestDatabase } from "@once/db/testing";

export default async function setup(project: TestProject) {
  const database = await createTestDatabase("api");
  project.provide("databaseUrl", database.url);
  return () => database.drop();
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
