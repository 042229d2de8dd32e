// The database package's environment, validated once. An unset DATABASE_URL means
// "use the embedded PostgreSQL"; a set one must be a postgres:// URL, and so must
// DIRECT_DATABASE_URL.
import { createEnv } from "@t3-oss/env-core";
import { z } from "zod";

export const postgresUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "must be a URL like postgres://user:password@host:5432/database");

/**
 * direct: PostgreSQL itself; session: something that keeps one PostgreSQL session per connection
 * (a TCP proxy such as HAProxy, a port Docker publishes, a pooler in session mode); transaction:
 * a pooler that lends a session per transaction (PgBouncer's pool_mode = transaction).
 */
export const POOL_MODES = ["direct", "session", "transaction"] as const;
export type PoolMode = (typeof POOL_MODES)[number];

export function readDatabaseEnv(source: NodeJS.ProcessEnv = process.env) {
  return createEnv({
    server: {
      DATABASE_URL: postgresUrl.optional(),
      // PostgreSQL itself, when DATABASE_URL is a pooler in transaction mode: migrations and
      // LISTEN connect here (connection-setup.ts says why; docs/OPERATIONS.md).
      DIRECT_DATABASE_URL: postgresUrl.optional(),
      // What sits between the node and PostgreSQL (connection-setup.ts): declared, then checked
      // against what the server shows. Unset: transaction with DIRECT_DATABASE_URL, else session.
      DATABASE_POOL_MODE: z.enum(POOL_MODES, { message: `must be one of ${POOL_MODES.join(", ")}` }).optional(),
      // The node's pool (apps/web/src/env.ts has the same rule); checked against the server at start.
      DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
      EMBEDDED_DB_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
      EMBEDDED_DB_DIR: z.string().min(1).optional(),
    },
    runtimeEnv: source,
    emptyStringAsUndefined: true,
    onValidationError: (issues) => {
      const lines = issues.map((issue) => {
        const name = issue.path?.map((p) => (typeof p === "object" ? p.key : p)).join(".") ?? "?";
        return `${String(name)}: ${issue.message}`;
      });
      throw new StartupError(`invalid environment: ${lines.join("; ")}`);
    },
  });
}

/** An error whose message alone explains why the system cannot start. */
export class StartupError extends Error {
  override name = "StartupError";
}
