#!/usr/bin/env node
// Runs `prisma generate` without the native schema engine (it is never needed to generate).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const result = spawnSync("pnpm", ["exec", "prisma", "generate", "--config", path.join(root, "prisma.config.ts")], {
  cwd: path.resolve(here, ".."),
  stdio: "inherit",
  env: {
    ...process.env,
    CHECKPOINT_DISABLE: "1",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    PRISMA_SCHEMA_ENGINE_BINARY: path.join(here, "no-native-engine.sh"),
  },
});
process.exit(result.status ?? 1);
