// @ts-check
// After `next build`: completes .next/standalone into a folder a node runs from on its own
// (docs/OPERATIONS.md), laid out like the repository:
//   apps/web/server.mjs          the production server (Next's own server.js is not used)
//   apps/web/.next, public       the build, with the static files Next leaves out
//   packages/db/dist/with-database.mjs   start-up: migrations under the lock, the catalog seed
//   packages/notify/dist/worker.mjs      the notification worker as its own process
//   prisma/migrations, pnpm-workspace.yaml (marks the root where prisma/ is found)
//   node_modules                 what all of it imports, traced file by file
// Start it with `node packages/db/dist/with-database.mjs --seed --production -- node apps/web/server.mjs`
// from the folder (deploy/systemd/once-web@.service).
import { cp, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { build } from "esbuild";
import { copyTraced } from "./copy-traced.mjs";

const web = path.resolve(import.meta.dirname, "..");
const root = path.resolve(web, "../..");
const standalone = path.join(web, ".next/standalone");
if (!existsSync(path.join(standalone, "apps/web/.next"))) throw new Error(`no standalone build at ${standalone} (next.config.ts: output "standalone")`);

// 1. What Next leaves to the deployer: the static assets and public/.
await cp(path.join(web, ".next/static"), path.join(standalone, "apps/web/.next/static"), { recursive: true });
await cp(path.join(web, "public"), path.join(standalone, "apps/web/public"), { recursive: true });

// 2. with-database and the notification worker run TypeScript through tsx in the repository;
//    the folder gets each as one file next to its package's node_modules, so the packages it
//    imports resolve as they do here.
const withDatabase = await bundle("packages/db/src/cli/with-database.ts", "packages/db/dist/with-database.mjs");
const worker = await bundle("packages/notify/src/worker/cli.ts", "packages/notify/dist/worker.mjs");

// 3. The files server.mjs and the start-up bundle need, traced from their imports. The schema
//    engine's .wasm is read by path (packages/db/src/migrate/schema-engine.ts), so it is named.
const copied = await copyTraced({
  root,
  into: standalone,
  entries: [path.join(web, "server.mjs"), withDatabase, worker],
  extraFiles: [schemaEngineWasm()],
});

// 4. The migrations, and the marker by which packages/db finds the root (repo-root.ts).
await mkdir(path.join(standalone, "prisma"), { recursive: true });
await cp(path.join(root, "prisma/migrations"), path.join(standalone, "prisma/migrations"), { recursive: true });
await cp(path.join(root, "pnpm-workspace.yaml"), path.join(standalone, "pnpm-workspace.yaml"));

/**
 * `entry` and the workspace packages (@once/*) it imports as one ESM file (plus chunks for what
 * it imports lazily, so that, say, PGlite is only loaded by the code that needs it). Every other
 * package stays an import: by name from the entry's own package, and from other workspace
 * packages by the very file it resolves to here, since pnpm gives each package only its own
 * dependencies (@once/db's code bundled into the worker must still find @once/db's packages). The relative path holds in the
 * standalone folder too (same layout), and the tracer follows it.
 * @param {string} entry @param {string} output
 */
async function bundle(entry, output) {
  const outfile = path.join(root, output);
  const outdir = path.dirname(outfile);
  const ownPackage = path.dirname(outdir) + path.sep;
  await build({
    entryPoints: { [path.basename(output, ".mjs")]: path.join(root, entry) },
    outdir,
    outExtension: { ".js": ".mjs" },
    chunkNames: "[name]-[hash]",
    splitting: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    plugins: [
      {
        name: "packages-by-path",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.path.startsWith("@once/") || isBuiltin(args.path) || args.pluginData === "inner") return undefined;
            // The entry's own package's imports resolve from the output folder as they are
            // (and code that looks a package up at run time, like the schema engine's .wasm, finds it).
            if (args.importer.startsWith(ownPackage)) return { path: args.path, external: true };
            const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: "inner" });
            if (resolved.errors.length > 0) return { errors: resolved.errors };
            // Written relative to the output folder, where the entry and its chunks all are.
            return { path: `./${path.relative(outdir, resolved.path)}`, external: true };
          });
        },
      },
    ],
  });
  return outfile;
}

/** Found the way packages/db/src/migrate/schema-engine.ts finds it. */
function schemaEngineWasm() {
  const require = createRequire(path.join(root, "packages/db/package.json"));
  return path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
}

console.log(`standalone: ${path.relative(root, standalone)} completed (${copied} traced files written)`);
