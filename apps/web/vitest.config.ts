// The web app's unit tests (beside the code in src/); no database.
import { defineConfig } from "vitest/config";
import { vitestReport } from "@once/db/testing/vitest-report";

// isolate: false: one module graph per worker, not per file (as @once/db/testing/vitest-config says).
export default defineConfig({ test: { dir: "src", isolate: false, ...vitestReport() } });
