// A TCP proxy in front of PostgreSQL that counts what clients send, read from the wire (not from
// the code that sends it): the benchmarks print statements and round trips per operation from
// it. It parses the frontend half of PostgreSQL's protocol v3 (the server's half is passed on
// unread) and counts, over every connection made through it:
//   - statements: each Execute (extended protocol: Parse/Bind/Execute) and each simple Query;
//   - syncs: each Sync and each simple Query, the messages the server answers with a
//     ReadyForQuery (one per statement, unless a client puts several statements behind one Sync);
//   - round trips: turns of the conversation, a burst of client bytes after the server last
//     spoke. A client that waits for each answer makes one per sync; one that pipelines (the
//     app's connections send BEGIN with the claim and the outcome with COMMIT:
//     packages/db/src/pipelined-client.ts) sends several syncs in one turn.
// The start-up and authentication exchange is not counted. Unencrypted connections only (the
// test databases' URLs ask for no TLS); a connection that asks for TLS is refused by the server
// as usual and is then not counted either.
import net from "node:net";

export interface WireCounts {
  statements: number;
  syncs: number;
  roundTrips: number;
}

/** One statement as sent: its connection (in order of opening) and its first characters. */
export interface SentStatement {
  connection: number;
  sql: string;
}

export interface CountingProxy {
  /** `databaseUrl` with host and port replaced by the proxy's. */
  url(databaseUrl: string): string;
  /** Counts since the last reset (everything that went through, all connections together). */
  counts(): WireCounts;
  reset(): void;
  /** Records each statement's text from now until the returned function is called, which returns them. */
  trace(): () => SentStatement[];
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export async function startCountingProxy(target: { host: string; port: number }): Promise<CountingProxy> {
  let counts: WireCounts = { statements: 0, syncs: 0, roundTrips: 0 };
  let traced: SentStatement[] | null = null;
  let connections = 0;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const id = connections++;
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    let startingUp = true;
    let authenticated = false;
    let sslAnswers = 0;
    let serverSpokeLast = true;
    // The text of the unnamed statement last parsed on this connection, for the trace.
    let parsed = "";
    const record = (sql: string) => traced?.push({ connection: id, sql: sql.replace(/\s+/g, " ").trim().slice(0, 90) });
    const cString = (from: number) => buffer.toString("utf8", from, buffer.indexOf(0, from));

    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      if (authenticated && serverSpokeLast) counts.roundTrips++;
      serverSpokeLast = false;
      for (;;) {
        if (startingUp) {
          // Untyped: int32 length, int32 code (SSLRequest, GSSENCRequest, or the protocol version).
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) sslAnswers++;
          else startingUp = false;
          buffer = buffer.subarray(length);
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]!);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        if (type === "Q") {
          counts.statements++;
          counts.syncs++;
          record(cString(5));
        } else if (type === "P") {
          const name = cString(5);
          parsed = cString(5 + Buffer.byteLength(name) + 1);
        } else if (type === "E") {
          counts.statements++;
          record(parsed);
        } else if (type === "S") {
          counts.syncs++;
        }
        buffer = buffer.subarray(1 + length);
      }
    });
    // The server's messages are read only until the first ReadyForQuery ('Z'), which ends the
    // start-up exchange; from then on every turn counts. (An answer to SSLRequest is one byte.)
    let serverBuffer = Buffer.alloc(0);
    upstream.on("data", (chunk: Buffer) => {
      client.write(chunk);
      serverSpokeLast = true;
      if (authenticated) return;
      serverBuffer = Buffer.concat([serverBuffer, chunk]);
      while (!authenticated) {
        if (sslAnswers > 0 && serverBuffer.length > 0) {
          sslAnswers--;
          serverBuffer = serverBuffer.subarray(1);
          continue;
        }
        if (serverBuffer.length < 5) return;
        const length = serverBuffer.readInt32BE(1);
        if (serverBuffer.length < 1 + length) return;
        if (serverBuffer[0] === 0x5a) authenticated = true;
        serverBuffer = serverBuffer.subarray(1 + length);
      }
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    counts: () => ({ ...counts }),
    reset() {
      counts = { statements: 0, syncs: 0, roundTrips: 0 };
    },
    trace() {
      traced = [];
      return () => {
        const statements = traced ?? [];
        traced = null;
        return statements;
      };
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
