/**
 * A migration-only wrapper around `@prisma/adapter-pg` (7.10.0) that the WASM
 * schema engine can drive against a real PostgreSQL server.
 *
 * Do NOT use this for the application's PrismaClient: it exists only to work
 * around three bugs of the stock adapter that show up when *migrating*:
 *
 *  1. Catalog columns of type `"char"` (oid 18) / `name` (oid 19) and their
 *     arrays are not decodable ("Column type 'char' could not be deserialized").
 *     -> Our pg.Client subclass re-labels those columns as `text` / `text[]`
 *        before the adapter maps column types.
 *  2. `connectToShadowDb()` drops the shadow database *before* closing its pool
 *     ("... is being accessed by other users", database left behind), and when
 *     the factory was built from a `connectionString` the "shadow" pool silently
 *     points at the MAIN database (`connectionString` wins over `database`).
 *     -> We build the shadow URL ourselves, close the pool first, then
 *        `DROP DATABASE ... WITH (FORCE)`.
 *  3. `executeScript()` splits on `;` and runs statements one by one: plpgsql
 *     bodies break, and a failing migration is left half-applied.
 *     -> We send the script whole, as ONE simple-protocol query. PostgreSQL runs
 *        a multi-statement simple query in an implicit transaction, so a failing
 *        migration rolls back entirely (same semantics as the native engine).
 */
import { randomUUID } from "node:crypto";

import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";

/** Prefix of the temporary shadow databases we create (same as Prisma's). */
export const SHADOW_DB_PREFIX = "prisma_migrate_shadow_db_";

// Postgres type oids that the stock adapter cannot map -> what we relabel them as.
const OID_RELABEL: Record<number, number> = {
  18: 25, // "char"  -> text
  19: 25, // name    -> text
  1002: 1009, // "char"[] -> text[]
  1003: 1009, // name[]   -> text[]
};
// (@types/pg only types the scalar oids, hence the cast)
const TEXT_ARRAY_PARSER = (pg.types.getTypeParser as (oid: number, format: "text") => (value: string) => unknown)(1009, "text");

type Field = { dataTypeID: number; format?: string };
type QueryResultLike = { fields?: Field[]; rows?: unknown[][] };

/** Re-label undecodable column types in place (handles multi-statement results too). */
function relabelFields(result: QueryResultLike | QueryResultLike[]): void {
  for (const r of Array.isArray(result) ? result : [result]) {
    r.fields?.forEach((field, i) => {
      const target = OID_RELABEL[field.dataTypeID];
      if (target === undefined) return;
      // pg has no text parser for name[]/"char"[], so those values arrive as the
      // raw '{a,b}' literal: parse them like text[] so they match the new label.
      if (target === 1009 && Array.isArray(r.rows)) {
        for (const row of r.rows) {
          if (Array.isArray(row) && typeof row[i] === "string") row[i] = TEXT_ARRAY_PARSER(row[i]);
        }
      }
      field.dataTypeID = target;
    });
  }
}

/** pg.Client whose query results never carry `"char"`/`name` column types. */
class MigrationClient extends pg.Client {
  // pg.Client#query has many overloads; we only need to post-process results of
  // the promise and callback forms used by pg.Pool and the adapter. An override must accept
  // every overload, which only `any` expresses, hence the one targeted lint exception.
  /* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return */
  override query(...args: any[]): any {
    const callback = typeof args[args.length - 1] === "function" ? args.pop() : undefined;
    const result = (super.query as (...a: any[]) => any)(...args);
    if (!result || typeof result.then !== "function") return result; // submittables (cursors)
    const patched = result.then((res: QueryResultLike) => (relabelFields(res), res));
    if (!callback) return patched;
    patched.then(
      (res: unknown) => callback(null, res),
      (err: unknown) => callback(err),
    );
    return undefined;
  }
  /* eslint-enable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return */
}

function createPool(connectionString: string, schema: string | undefined): pg.Pool {
  return new pg.Pool({
    connectionString,
    Client: MigrationClient,
    // `max: 1` keeps every engine query on one session. The schema engine takes a
    // session-level advisory lock (pg_advisory_lock) around migrations; with several
    // pooled connections lock and unlock could land on different sessions.
    max: 1,
    // Unqualified names in migration scripts must resolve to the target schema.
    options: schema ? `-c search_path="${schema.replaceAll('"', '""')}"` : undefined,
  });
}

/** The database error behind the last failed migration script (the engine only keeps a summary). */
export interface ScriptError {
  /** SQLSTATE, e.g. `42P01`. */
  code?: string;
  message: string;
}

/** Replace `executeScript` by a whole-script, single-query implementation. */
function withWholeScript(adapter: SqlDriverAdapter, onError: (e: ScriptError | undefined) => void): SqlDriverAdapter {
  // `executeRaw` with no parameters goes through pg's *simple* query protocol,
  // which accepts several statements and runs them in one implicit transaction.
  // It also maps pg errors to DriverAdapterErrors exactly like the stock adapter.
  adapter.executeScript = async (script: string) => {
    onError(undefined); // only ever report the error of the latest script
    try {
      await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
    } catch (e) {
      const cause = (e as { cause?: { originalCode?: string; originalMessage?: string } }).cause;
      onError({ code: cause?.originalCode, message: cause?.originalMessage ?? String((e as Error).message ?? e) });
      throw e;
    }
  };
  return adapter;
}

async function connectTo(connectionString: string, onScriptError: (e: ScriptError | undefined) => void): Promise<SqlDriverAdapter> {
  // Prisma-style `?schema=name` (pg ignores it): tell the adapter - the engine
  // reads it through getConnectionInfo() - and use it as the search_path.
  const url = new URL(connectionString);
  const schema = url.searchParams.get("schema") ?? undefined;
  url.searchParams.delete("schema");
  const factory = new PrismaPg(createPool(url.toString(), schema), { disposeExternalPool: true, schema });
  return withWholeScript(await factory.connect(), onScriptError);
}

/** Returns `url` with its database name replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

async function runAdmin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface MigrationAdapterOptions {
  /** Database to migrate / inspect. */
  url: string;
  /**
   * Server on which temporary shadow databases are created (CREATE DATABASE
   * rights needed). Defaults to `url`'s server. Only the host/credentials
   * matter: a fresh uniquely named database is created for every use.
   */
  shadowBaseUrl?: string;
}

/**
 * A `SqlMigrationAwareDriverAdapterFactory` for the WASM schema engine. Wrap it
 * with `bindMigrationAwareSqlAdapterFactory()` before handing it to the engine.
 */
export class MigrationPgAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName = "@prisma/adapter-pg";
  /** Shadow databases created and not dropped yet (for cleanup on failure). */
  private readonly liveShadowDbs = new Set<string>();
  /** Connections handed to the engine: it does not always dispose them itself. */
  private readonly openAdapters = new Set<SqlDriverAdapter>();

  /** Original database error of the last migration script that failed (main or shadow database). */
  lastScriptError: ScriptError | undefined;

  constructor(private readonly options: MigrationAdapterOptions) {}

  async connect(): Promise<SqlDriverAdapter> {
    return this.track(await connectTo(this.options.url, (e) => (this.lastScriptError = e)));
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const baseUrl = this.options.shadowBaseUrl ?? this.options.url;
    const database = `${SHADOW_DB_PREFIX}${randomUUID().replaceAll("-", "")}`;
    await runAdmin(baseUrl, `CREATE DATABASE "${database}"`);
    this.liveShadowDbs.add(database);
    try {
      // Close the pool FIRST, then drop the database.
      return this.track(await connectTo(withDatabase(baseUrl, database), (e) => (this.lastScriptError = e)), () => this.dropShadowDb(database));
    } catch (e) {
      await this.dropShadowDb(database);
      throw e;
    }
  }

  /**
   * Closes every connection handed out and drops every shadow database still
   * alive. Call it after `engine.free()`, also on error paths.
   */
  async close(): Promise<void> {
    for (const adapter of [...this.openAdapters]) await adapter.dispose();
    for (const db of [...this.liveShadowDbs]) await this.dropShadowDb(db);
  }

  /** Makes `dispose()` idempotent, remembered until called, and followed by `after`. */
  private track(adapter: SqlDriverAdapter, after?: () => Promise<void>): SqlDriverAdapter {
    const dispose = adapter.dispose.bind(adapter);
    this.openAdapters.add(adapter);
    adapter.dispose = async () => {
      if (!this.openAdapters.delete(adapter)) return;
      try {
        await dispose();
      } finally {
        await after?.();
      }
    };
    return adapter;
  }

  private async dropShadowDb(database: string): Promise<void> {
    // WITH (FORCE) (PostgreSQL >= 13) also terminates stray sessions.
    await runAdmin(this.options.shadowBaseUrl ?? this.options.url, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    this.liveShadowDbs.delete(database);
  }
}
