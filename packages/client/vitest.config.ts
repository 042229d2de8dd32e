// The client's tests (beside the code in src/).
import { defineConfig } from "vitest/config";
import { vitestReport } from "@once/db/testing/vitest-report";

// isolate: false: one module graph per worker, not per file (as @once/db/testing/vitest-config says).
export default defineConfig({ test: { isolate: false, ...vitestReport() } });
