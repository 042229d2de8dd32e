#!/usr/bin/env node
// Entry point of `with-database` (see src/cli/with-database.ts); runs the TypeScript source
// through tsx so no build step is needed.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/with-database.ts");
