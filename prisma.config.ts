// Prisma CLI configuration. The URL comes from process.env (not Prisma's env() helper,
// which throws when DATABASE_URL is unset, even for `generate`). Migrations are applied by
// packages/db's own tooling (see packages/db/src/migrate), not by the native CLI engine.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: {
    path: "prisma/migrations",
    seed: "tsx prisma/seed.ts",
  },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unset",
  },
});
