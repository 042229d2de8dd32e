// The client's tests (beside the code in src/).
import { defineConfig } from "vitest/config";
import { vitestReport } from "@once/db/testing/vitest-report";

export default defineConfig({ test: { ...vitestReport() } });
