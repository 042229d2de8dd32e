// The committed description and types are exactly what the code generates now: a change to a
// schema, a case or an example that was not regenerated (pnpm --filter @once/client generate:api)
// fails here, before a client or a linter sees a stale file.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describedFiles } from "./testing/described-files.ts";

describe("generated files", () => {
  it("match what @once/api's schemas and openapi-typescript generate", async () => {
    for (const [path, text] of Object.entries(await describedFiles())) {
      expect.soft(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"), path).toBe(text);
    }
  });
});
