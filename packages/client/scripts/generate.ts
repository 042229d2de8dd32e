// Regenerates what this package is built from: the API's OpenAPI description (3.1 and 3.0,
// from @once/api's zod schemas) and the TypeScript types openapi-typescript derives from it.
// `pnpm --filter @once/client generate:api` after changing the REST surface; the package's
// tests fail while the committed files differ from what this writes.
import { writeFileSync } from "node:fs";
import { describedFiles } from "../src/testing/described-files.ts";

for (const [path, text] of Object.entries(await describedFiles())) writeFileSync(new URL(`../${path}`, import.meta.url), text);
