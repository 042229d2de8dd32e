// @ts-check
// The production HTTP server (`pnpm start`): Next.js behind the few things only the socket
// knows, done once for every request before Next sees it.
// - The client's address. Next fills X-Forwarded-For only when the client did not send one
//   (`??=`), so a client reaching a node directly could name any address. Here the address is
//   worked out from the socket and X-Forwarded-For, believing the header only from the proxies
//   in TRUSTED_PROXIES (empty by default), and handed to the app in CLIENT_ADDRESS_HEADER, which
//   is always overwritten, so a client cannot set it.
// - A request id (also echoed as a response header) that ties a request to its log lines.
// - HSTS when the public address is https.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import proxyaddr from "proxy-addr";

const CLIENT_ADDRESS_HEADER = "x-once-client-address";
const REQUEST_ID_HEADER = "x-request-id";
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** @param {string} line */
function refuse(line) {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** TRUSTED_PROXIES: comma-separated addresses, CIDR ranges or proxy-addr's names (loopback, …). */
function compileTrustedProxies(value = "") {
  const entries = value.split(",").map((entry) => entry.trim()).filter(Boolean);
  try {
    return proxyaddr.compile(entries);
  } catch (error) {
    return refuse(`invalid environment variable TRUSTED_PROXIES: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const { values: args } = parseArgs({ options: { port: { type: "string", short: "p" } }, strict: false });
const port = Number(args.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) refuse(`invalid port: ${String(args.port ?? process.env.PORT)}`);
const trust = compileTrustedProxies(process.env.TRUSTED_PROXIES);
const hsts = process.env.PUBLIC_URL?.startsWith("https:") ? "max-age=63072000; includeSubDomains" : null;
const shutdownMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 15_000);

// This file serves the production build only; Next reads NODE_ENV while loading, hence the
// late import.
process.env.NODE_ENV = "production";
const { default: next } = await import("next");
const app = next({ dev: false, dir: import.meta.dirname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  const fromTrustedProxy = trust(req.socket.remoteAddress ?? "", 0);
  req.headers[CLIENT_ADDRESS_HEADER] = proxyaddr(req, trust);
  const incomingId = req.headers[REQUEST_ID_HEADER];
  const requestId = fromTrustedProxy && typeof incomingId === "string" && SAFE_REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  if (hsts) res.setHeader("strict-transport-security", hsts);
  void handle(req, res);
});
// Slow clients may not hold a socket forever (slow-loris): Node's defaults, made explicit.
server.headersTimeout = 20_000;
server.requestTimeout = 60_000;

server.listen(port, () => {
  console.log(`ready on http://localhost:${port}`);
});

// Stop taking new connections, let requests in flight finish, then exit.
let stopping = false;
for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), shutdownMs).unref();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
}
