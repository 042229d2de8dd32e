// Finds the monorepo's root (the folder holding pnpm-workspace.yaml), so that tools started
// from any package folder, or Next.js started from apps/web, find prisma/ and .data/.
import { existsSync } from "node:fs";
import path from "node:path";

export function findRepoRoot(start: string = process.cwd()): string {
  let dir = path.resolve(/*turbopackIgnore: true*/ start);
  for (;;) {
    if (existsSync(path.join(dir, "pnpm-workspace.yaml"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error(`cannot find the repository root (pnpm-workspace.yaml) above ${start}`);
    }
    dir = parent;
  }
}

export function migrationsDir(root: string = findRepoRoot()): string {
  return path.join(/*turbopackIgnore: true*/ root, "prisma", "migrations");
}

export function schemaPath(root: string = findRepoRoot()): string {
  return path.join(root, "prisma", "schema.prisma");
}
