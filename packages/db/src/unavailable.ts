// Which errors mean "the database is not there right now" rather than "this request is wrong":
// refused or dropped connections, a server shutting down or starting up, a pool that timed out
// waiting for a connection (all of them during a failover, until HAProxy sends connections to
// the new leader), and a server that is a read-only standby. The application answers these with
// a retryable 503 and Retry-After, never a 500: nothing was committed that the retry with the
// same operation key would not find (packages/api/src/rest/handle-errors.ts, trpc.ts).

export type DatabaseUnavailability = "unreachable" | "read-only";

// SQLSTATE: class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect
// now), 53300 (too many connections), 25006 (read-only transaction: a standby).
const UNREACHABLE_STATES = /^(08...|57P0[1-3]|53300)$/;
const NODE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
// Prisma's codes for the same: cannot reach, timed out, server closed the connection, and an
// interactive transaction closed before its end (P2028: it outlived its timeout, as one does
// that waits on a member HAProxy has cut off; nothing of it was committed, so a retry is safe).
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2028"]);
// Prisma's driver-adapter error kinds (@prisma/adapter-pg's convertDriverError).
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Connection ended unexpectedly|Can't reach database server|Server has closed the connection|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|Client was closed and is not queryable/i;
const READ_ONLY = /cannot execute .* in a read-only transaction|read-only transaction/i;

/** "unreachable", "read-only", or null for any other error (a bug, a constraint, bad input). */
export function databaseUnavailability(error: unknown): DatabaseUnavailability | null {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): DatabaseUnavailability | null => {
    if (value === null || typeof value !== "object" || seen.has(value) || depth > 6) return null;
    seen.add(value);
    const e = value as {
      code?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: unknown;
      originalCode?: unknown;
      originalMessage?: unknown;
    };
    const code = typeof e.code === "string" ? e.code : typeof e.originalCode === "string" ? e.originalCode : "";
    const message = `${typeof e.message === "string" ? e.message : ""} ${typeof e.originalMessage === "string" ? e.originalMessage : ""}`;
    if (code === "25006" || READ_ONLY.test(message)) return "read-only";
    if (UNREACHABLE_STATES.test(code) || NODE_SOCKET_CODES.has(code) || PRISMA_CODES.has(code)) return "unreachable";
    if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return "unreachable";
    if (MESSAGES.test(message)) return "unreachable";
    return (
      visit(e.cause, depth + 1) ?? visit(e.meta, depth + 1) ?? visit((e.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError, depth + 1)
    );
  };
  return visit(error, 0);
}
