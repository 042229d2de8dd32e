// pglite-socket serialises single protocol messages from all connections onto the one PGlite
// session, and keeps one connection's messages together only inside an SQL transaction. An
// extended-protocol query (Parse, Bind, Describe, Execute … Sync) outside a transaction can
// therefore interleave with another connection's: a query may run with the wrong statement or
// parameters and answer with another query's rows (upstream: electric-sql/pglite#1046). Seen in
// `pnpm dev`: 120 requests for a guide page, 4 at a time, answered 404 11 times (Prisma's
// lookup got no row); with this view, 0 of 120. This view of the database reports "in a
// transaction" from a connection's first extended-protocol message until its Sync, so the
// socket server's own pinning keeps the whole batch on that connection. Reproduced by
// ./embedded-server.test.ts (queries queued behind a transaction), which fails without it.
import type { PGlite } from "@electric-sql/pglite";

const OPENS_BATCH = new Set(["P", "B", "D", "E", "C", "H"]); // Parse Bind Describe Execute Close Flush
const ENDS_BATCH = new Set(["S", "Q"]); // Sync, simple Query

export function pinExtendedQueries(db: PGlite): PGlite {
  let batchOpen = false;
  return new Proxy(db, {
    get(target, property) {
      if (property === "isInTransaction") return () => batchOpen || target.isInTransaction();
      if (property === "execProtocolRawStream") {
        return (message: Uint8Array, ...rest: unknown[]) => {
          const type = String.fromCharCode(message[0] ?? 0);
          if (OPENS_BATCH.has(type)) batchOpen = true;
          else if (ENDS_BATCH.has(type)) batchOpen = false;
          return (target.execProtocolRawStream as (...args: unknown[]) => unknown)(message, ...rest);
        };
      }
      if (property === "exec") {
        // The socket server's clean-up after a connection drops mid-batch (a ROLLBACK).
        return (...args: Parameters<PGlite["exec"]>) => {
          batchOpen = false;
          return target.exec(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
