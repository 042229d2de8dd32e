/**
 * Loads Prisma's schema engine compiled to WebAssembly
 * (`@prisma/schema-engine-wasm`) and binds it to the migration adapter.
 * No native binary, no network: the .wasm ships inside the npm package.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

import { MigrationPgAdapterFactory, type MigrationAdapterOptions, type ScriptError } from "./migration-adapter.ts";

export type { SchemaEngine };

type EngineClass = typeof SchemaEngine;
let engineClass: Promise<EngineClass> | undefined;

/**
 * Instantiates the wasm module once per process. (wasm-bindgen keeps global
 * state in its JS glue: instantiating it twice breaks with `unwrap_throw failed`.)
 *
 * The package's main entry does `import * as wasm from './schema_engine_bg.wasm'`
 * (wasm-bindgen "bundler" target), which plain Node cannot load. So we import the
 * JS glue (`./schema_engine_bg`, an exported subpath) and instantiate the .wasm
 * that sits next to it ourselves - nothing is copied into node_modules.
 */
function loadEngineClass(): Promise<EngineClass> {
  engineClass ??= (async () => {
    // The wasm panic hook reports its message through this global.
    const g = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { set_message(m: string): void; message?: string } };
    g.PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message(m) {
        this.message = m;
      },
    };

    const glue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const module = await WebAssembly.compile(await readFile(wasmPath));
    // The engine arms a 10 s setTimeout for its advisory-lock timeout and never
    // clears it, which keeps Node alive 10 s after the work is done. Unref those
    // timers (pending database I/O still keeps the process alive on its own).
    const imports: Record<string, unknown> = { ...glue };
    for (const name of Object.keys(imports).filter((k) => k.startsWith("__wbg_setTimeout_"))) {
      const original = imports[name] as (fn: () => void, ms: number) => NodeJS.Timeout;
      imports[name] = (fn: () => void, ms: number) => original(fn, ms).unref();
    }
    const instance = await WebAssembly.instantiate(module, { "./schema_engine_bg.js": imports as WebAssembly.ModuleImports });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue.SchemaEngine;
  })();
  return engineClass;
}

export interface EngineOptions extends MigrationAdapterOptions {
  /** Prisma schema files ([path, content]); needed only by some commands. */
  datamodels?: [string, string][];
  /** Receives the engine's log lines (JSON strings). */
  log?: (line: string) => void;
}

/**
 * Runs `fn` with a fresh engine bound to `options.url`, then frees the engine
 * and drops any shadow database that may have survived an error.
 */
export async function withSchemaEngine<T>(options: EngineOptions, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const Engine = await loadEngineClass();
  const factory = new MigrationPgAdapterFactory(options);
  const engine = await Engine.new(
    { datamodels: options.datamodels?.length ? options.datamodels : undefined },
    options.log ?? (() => {}),
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  try {
    return await fn(engine);
  } catch (e) {
    throw toEngineError(e, factory.lastScriptError);
  } finally {
    engine.free();
    await factory.close();
  }
}

/** Error thrown by engine commands, with the Rust backtrace stripped from `message`. */
export class SchemaEngineError extends Error {
  /** Prisma error code (e.g. `P3009`) when the engine gave one. */
  code?: string;
  /** Migration whose script failed, if any. */
  migrationName?: string;
  /** The original PostgreSQL error of that failed script. */
  databaseError?: ScriptError;
  constructor(message: string, extra: Partial<SchemaEngineError> = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = "SchemaEngineError";
    Object.assign(this, extra);
  }
}

function toEngineError(e: unknown, scriptError: ScriptError | undefined): Error {
  if (e instanceof SchemaEngineError || !(e instanceof Error)) return e as Error;
  if (e instanceof WebAssembly.RuntimeError) {
    // A Rust panic: its message was handed to PRISMA_WASM_PANIC_REGISTRY.
    const panic = (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { message?: string } }).PRISMA_WASM_PANIC_REGISTRY?.message;
    return new SchemaEngineError(`Schema engine panicked: ${panic ?? e.message}`, {}, { cause: e });
  }
  const rawCode = (e as Error & { code?: unknown }).code;
  const code = typeof rawCode === "string" ? rawCode : undefined;
  // Engine messages end with a Rust span trace ("   0: sql_schema_connector::..."); keep it only in `cause`.
  const [summary = "", trace = ""] = e.message.split(/\n\s+0: /, 2);
  const migrationName = /with migration_name="([^"]+)"/.exec(trace)?.[1];
  // The engine only reports a summary of database errors ("No such table: X"):
  // add the original PostgreSQL message captured by the adapter.
  const db = scriptError && `${scriptError.message}${scriptError.code ? ` (SQLSTATE ${scriptError.code})` : ""}`;
  if (migrationName && db) {
    return new SchemaEngineError(`Migration \`${migrationName}\` failed: ${db}`, { code, migrationName, databaseError: scriptError }, { cause: e });
  }
  let message = code && !summary.startsWith(code) ? `${code}: ${summary.trim()}` : summary.trim();
  if (db) message += `\nDatabase error: ${db}`;
  return new SchemaEngineError(message, { code, databaseError: scriptError }, { cause: e });
}
