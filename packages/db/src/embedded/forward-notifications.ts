// PGlite is one PostgreSQL session shared by every pglite-socket connection, and pglite-socket
// writes PGlite's answer to whichever connection sent the message. A NOTIFY therefore came back
// only to the connection that committed it: the app's Prisma connection got the lead_created
// trigger's notification and ignored it, while the LISTEN connection of @once/db/listen heard
// nothing, so an open dashboard list never showed a new lead under `pnpm dev` (issue 26, item 6).
// This view of the database takes every NotificationResponse ('A') out of the answer it streams
// and hands it to `deliver` once the message has been answered, whole; embedded-server.ts writes
// it to every open connection. Every connection thus hears each notification once, as every
// session LISTENing on the channel would on a real server; a client that did not LISTEN on the
// channel gets a message its driver drops (node-pg emits an event nobody subscribed to).
// Tested by ./forward-notifications.test.ts.
import type { PGlite } from "@electric-sql/pglite";

const NOTIFICATION = 0x41; // 'A'

export function splitNotifications(db: PGlite, deliver: (notification: Uint8Array) => void): PGlite {
  return new Proxy(db, {
    get(target, property) {
      if (property === "execProtocolRawStream") {
        return async (message: Uint8Array, options: { onRawData: (data: Uint8Array) => void } & Record<string, unknown>) => {
          const notifications: Uint8Array[] = [];
          const split = messageSplitter(options.onRawData, (n) => notifications.push(n));
          try {
            return await (target.execProtocolRawStream as (m: Uint8Array, o: typeof options) => Promise<unknown>)(message, {
              ...options,
              onRawData: split.push,
            });
          } finally {
            split.end();
            for (const notification of notifications) deliver(notification);
          }
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Cuts a stream of backend messages (type byte, then a 4-byte length counting itself) into whole
 * messages: notifications go to `notification`, everything else to `pass` in the order it came.
 */
function messageSplitter(pass: (data: Uint8Array) => void, notification: (message: Uint8Array) => void) {
  let pending = new Uint8Array(0);
  return {
    push: (chunk: Uint8Array) => {
      const data = pending.length === 0 ? chunk : concat(pending, chunk);
      let start = 0;
      let passFrom = 0;
      while (data.length - start >= 5) {
        const length = 1 + new DataView(data.buffer, data.byteOffset + start + 1, 4).getInt32(0);
        if (data.length - start < length) break;
        if (data[start] === NOTIFICATION) {
          if (start > passFrom) pass(data.subarray(passFrom, start));
          notification(data.slice(start, start + length));
          passFrom = start + length;
        }
        start += length;
      }
      if (start > passFrom) pass(data.subarray(passFrom, start));
      pending = data.slice(start);
    },
    /** Whatever is left (never a whole message) goes through as it came. */
    end: () => {
      if (pending.length > 0) pass(pending);
      pending = new Uint8Array(0);
    },
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
