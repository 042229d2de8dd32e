// The embedded development database: PGlite (PostgreSQL compiled to WASM) persisted in a
// git-ignored folder, served over the PostgreSQL wire protocol by pglite-socket, so that the
// app, a worker and any tool use one ordinary postgres:// URL, exactly as with a real server.
import { mkdir, rm, writeFile, readFile } from "node:fs/promises";
import type { Socket } from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { StartupError } from "../env.ts";
import { splitNotifications } from "./forward-notifications.ts";
import { pinExtendedQueries } from "./pin-extended-queries.ts";

export interface EmbeddedServerState {
  pid: number;
  url: string;
}

export interface EmbeddedDatabase {
  url: string;
  /** Protocol messages waiting for the one PGlite session: one per connection with something to say. */
  queuedMessages(): number;
  stop(): Promise<void>;
}

const STATE_FILE = "embedded-db.json";

export function embeddedStatePath(dataDir: string): string {
  return path.join(path.dirname(dataDir), STATE_FILE);
}

/** The embedded server another process of this checkout is already running, if any. */
export async function findRunningEmbeddedServer(dataDir: string): Promise<EmbeddedServerState | null> {
  let state: EmbeddedServerState;
  try {
    state = JSON.parse(await readFile(embeddedStatePath(dataDir), "utf8")) as EmbeddedServerState;
  } catch {
    return null;
  }
  try {
    process.kill(state.pid, 0);
    return state;
  } catch {
    return null; // stale file left by a process that died
  }
}

/**
 * Writes a whole backend message to every open connection of the socket server. pglite-socket
 * has no API for this: its connection handlers (`handlers`, each with its `socket`) are private
 * fields, read here by name; ./forward-notifications.test.ts fails if a new version renames them.
 * Safe between messages: PGlite answers one message at a time and this runs after the answer.
 */
function toEveryConnection(server: PGLiteSocketServer, message: Uint8Array): void {
  const handlers = (server as unknown as { handlers?: Set<{ socket?: Socket | null }> }).handlers;
  for (const handler of handlers ?? []) {
    if (handler.socket?.writable) handler.socket.write(Buffer.from(message));
  }
}

export async function startEmbeddedDatabase(options: { dataDir: string; port: number }): Promise<EmbeddedDatabase> {
  await mkdir(options.dataDir, { recursive: true });
  // pg_trgm backs the dashboard's substring search (see the dashboard_indexes migration).
  const db = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  // pglite-socket defaults to one connection, which breaks a connection pool.
  const server = new PGLiteSocketServer({
    db: pinExtendedQueries(splitNotifications(db, (notification) => toEveryConnection(server, notification))),
    port: options.port,
    host: "127.0.0.1",
    maxConnections: 40,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    const reason = (error as NodeJS.ErrnoException).code === "EADDRINUSE" ? "is already in use" : String(error);
    throw new StartupError(`the embedded database cannot listen on 127.0.0.1:${options.port}: the port ${reason}; set EMBEDDED_DB_PORT to a free port`);
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres?sslmode=disable`;
  const statePath = embeddedStatePath(options.dataDir);
  await writeFile(statePath, JSON.stringify({ pid: process.pid, url } satisfies EmbeddedServerState));
  let stopped = false;
  return {
    url,
    queuedMessages: () => server.getStats().queuedQueries,
    async stop() {
      if (stopped) return;
      stopped = true;
      await rm(statePath, { force: true });
      await server.stop();
      await db.close();
    },
  };
}
