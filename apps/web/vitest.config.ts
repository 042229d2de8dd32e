// The web app's unit tests (beside the code in src/); no database.
import { defineConfig } from "vitest/config";
import { vitestReport } from "@once/db/testing/vitest-report";

export default defineConfig({ test: { dir: "src", ...vitestReport() } });
