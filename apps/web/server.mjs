// @ts-check
// The production HTTP server (`pnpm start`): Next.js behind the few things only the socket
// knows, done once for every request before Next sees it.
// - The client's address. Next fills X-Forwarded-For only when the client did not send one
//   (`??=`), so a client reaching a node directly could name any address. Here the address is
//   worked out from the socket and X-Forwarded-For, believing the header only from the proxies
//   in TRUSTED_PROXIES (empty by default), and handed to the app in CLIENT_ADDRESS_HEADER, which
//   is always overwritten, so a client cannot set it.
// - A request id (a well-formed X-Request-Id, else a fresh one; echoed as a response header)
//   that ties a request to its log lines, its outbox rows and their delivery attempts; the
//   request runs inside its context (request-context.mjs), so every log line carries it.
// - Request latency for /metrics, handed to the app's metrics (src/server/metrics) once the
//   answer is sent.
// - HSTS when the public address is https.
// - A path that does not percent-decode: 400 here (Next's router would throw, a 500).
// - The stop (SIGTERM/SIGINT): drain, then exit; see `stop` below.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import proxyaddr from "proxy-addr";
import { isMalformedPath, refuseMalformedPath } from "./malformed-url.mjs";
import { allowBackForwardCache } from "./page-cache.mjs";
import { requestContext, requestIdFor } from "./request-context.mjs";

const CLIENT_ADDRESS_HEADER = "x-once-client-address";
const REQUEST_ID_HEADER = "x-request-id";

/** @param {string} line */
function refuse(line) {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** TRUSTED_PROXIES: comma-separated addresses, CIDR ranges or proxy-addr's names (loopback, …). */
function compileTrustedProxies(value = "") {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
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

/**
 * The node's life cycle, shared with the app through globalThis: the same object as
 * apps/web/src/server/shutdown.ts (keep the shapes in step). The app registers its hooks and
 * the validated SHUTDOWN_TIMEOUT_MS while Next prepares; this file sets `draining` and runs them.
 * @typedef {{ name: string, run: (deadline: number) => Promise<void> }} ShutdownHook
 * @typedef {{ draining: boolean, timeoutMs?: number, drain: ShutdownHook[], final: ShutdownHook[] }} Lifecycle
 */
const lifecycleHolder = /** @type {{ [key: symbol]: Lifecycle | undefined }} */ (/** @type {unknown} */ (globalThis));
const LIFECYCLE = Symbol.for("once.lifecycle");
const lifecycle = (lifecycleHolder[LIFECYCLE] ??= { draining: false, drain: [], final: [] });

/** @type {import("node:http").Server | null} */
let server = null;
let stopping = false;
// Installed before Next loads, so that a stop during start-up is an orderly exit too (Next
// and the app's start-up write nothing that a transaction does not protect).
for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    if (!server) {
      console.log(`${signal} before the server was listening: exiting`);
      process.exit(0);
    }
    void stop(server, signal);
  });
}

// This file serves the production build only; Next reads NODE_ENV while loading, hence the
// late import.
process.env.NODE_ENV = "production";
// In the standalone folder (docs/OPERATIONS.md) there is no next.config.ts: Next is handed the
// configuration the build resolved, as its own generated server.js does.
const builtConfig = path.join(import.meta.dirname, ".next/required-server-files.json");
if (!existsSync(path.join(import.meta.dirname, "next.config.ts")) && existsSync(builtConfig)) {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(builtConfig, "utf8")).config);
}
const { default: next } = await import("next");
const app = next({ dev: false, dir: import.meta.dirname, port });
const handle = app.getRequestHandler();
await app.prepare();

/**
 * Where request latencies go: installed by the app (src/server/metrics/registry.ts) on
 * globalThis while Next prepares; absent (nothing measured) if the app never installed it.
 * @typedef {{ observeRequest(method: string, path: string, status: number, seconds: number): void }} RequestObserver
 */
const observerHolder = /** @type {{ [key: symbol]: RequestObserver | undefined }} */ (/** @type {unknown} */ (globalThis));
const REQUEST_OBSERVER = Symbol.for("once.metrics.requests");

/** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {bigint} started */
function observeRequest(req, res, started) {
  // An event stream (live dashboards) lasts as long as the page is open: not a latency.
  if (isEventStream(req, res)) return;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
  // An answer cut short (client gone) is counted with status 0 rather than the one not sent.
  observerHolder[REQUEST_OBSERVER]?.observeRequest(req.method ?? "GET", path, res.writableFinished ? res.statusCode : 0, seconds);
}

/** Requests being answered, to mark them `Connection: close` when the stop begins. */
/** @type {Map<import("node:http").ServerResponse, import("node:http").IncomingMessage>} */
const inFlight = new Map();

server = createServer((req, res) => {
  const started = process.hrtime.bigint();
  inFlight.set(res, req);
  res.once("close", () => {
    inFlight.delete(res);
    observeRequest(req, res, started);
  });
  if (lifecycle.draining) res.setHeader("connection", "close");
  req.headers[CLIENT_ADDRESS_HEADER] = proxyaddr(req, trust);
  const requestId = requestIdFor(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  if (hsts) res.setHeader("strict-transport-security", hsts);
  if (isMalformedPath(req.url)) return refuseMalformedPath(res);
  allowBackForwardCache(req, res);
  requestContext.run({ requestId }, () => void handle(req, res));
});
// Slow clients may not hold a socket forever (slow-loris): Node's defaults, made explicit.
server.headersTimeout = 20_000;
server.requestTimeout = 60_000;
// Must stay longer than the proxy's idle time for upstream connections (deploy/nginx:
// keepalive_timeout 4s): otherwise nginx may send a request on a connection this node is
// closing, and a POST that fails that way is answered 502 (nginx never resends it).
server.keepAliveTimeout = 5_000;

server.listen(port, () => {
  console.log(`ready on http://localhost:${port}`);
});

/** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
function isEventStream(req, res) {
  return String(res.getHeader("content-type") ?? "").startsWith("text/event-stream") || String(req.headers.accept ?? "").includes("text/event-stream");
}

/** @param {ShutdownHook} hook @param {number} deadline */
async function runHook(hook, deadline) {
  try {
    await hook.run(deadline);
  } catch (error) {
    console.error(`shutdown: ${hook.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The stop, so that nothing a client sent is dropped and nginx moves new requests elsewhere:
 * 1. readiness answers 503 "draining" (/api/health/ready reads `lifecycle.draining`);
 * 2. no new connections (the listener closes: nginx's connect is refused and it passes the
 *    request to another node, which is safe because nothing was sent); every answer from now
 *    on says `Connection: close`, so no connection is reused after it. One race is left that
 *    no node can close: a connection the kernel completed but the node had not yet accepted
 *    is reset with the listener, and a POST nginx had already written on it is answered 502
 *    (nginx never resends a POST; the client retries with its key, nothing is lost). That is
 *    why a rolling restart takes the node out of nginx's rotation first (docs/OPERATIONS.md). Idle keep-alive
 *    connections are NOT closed by the node: nginx may be sending a request on one at that very
 *    moment, and a POST lost that way is a 502 it never resends (seen in the rolling-restart
 *    test). A request arriving on one is answered (with `Connection: close`); otherwise nginx
 *    closes it after its keepalive_timeout (4 s), before this node's keepAliveTimeout (5 s);
 * 3. requests in flight are answered (event streams are cut: their clients reconnect to
 *    another node); meanwhile the `drain` hooks run (the notification worker finishes the
 *    deliveries it holds);
 * 4. then the `final` hooks, in order (the operation counters are written, the pools closed);
 * 5. exit 0, or exit 1 with what was left if SHUTDOWN_TIMEOUT_MS passes first.
 * @param {import("node:http").Server} httpServer
 * @param {NodeJS.Signals} signal
 */
async function stop(httpServer, signal) {
  const started = Date.now();
  const timeoutMs = lifecycle.timeoutMs ?? 15_000;
  const deadline = started + timeoutMs;
  lifecycle.draining = true;
  const pending = new Set(["requests", ...lifecycle.drain.map((hook) => hook.name)]);
  // Not unref'd: the node must never linger past its deadline, nor end silently before it.
  setTimeout(() => {
    console.error(`shutdown: still waiting for ${[...pending].join(", ")} (${inFlight.size} requests open) after ${timeoutMs} ms; exiting`);
    process.exit(1);
  }, timeoutMs);

  // net.Server's close: stop listening and wait for the connections to end. (http.Server's own
  // close would also close the idle keep-alive connections: the race described above.)
  const requestsDone = new Promise((resolve) => net.Server.prototype.close.call(httpServer, () => resolve(undefined)));
  for (const [res, req] of inFlight) {
    if (isEventStream(req, res)) req.socket.destroy();
    else if (!res.headersSent) res.setHeader("connection", "close");
  }
  console.log(`${signal}: draining (${inFlight.size} requests in flight, stopping within ${timeoutMs} ms)`);

  const drainHooks = Promise.all(
    lifecycle.drain.map(async (hook) => {
      await runHook(hook, deadline);
      pending.delete(hook.name);
    }),
  );
  await requestsDone;
  pending.delete("requests");
  const requestsMs = Date.now() - started;
  await drainHooks;
  for (const hook of lifecycle.final) {
    pending.add(hook.name);
    await runHook(hook, deadline);
    pending.delete(hook.name);
  }
  console.log(`stopped in ${Date.now() - started} ms (requests answered after ${requestsMs} ms)`);
  process.exit(0);
}
