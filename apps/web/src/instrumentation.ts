// Runs once when a server node starts, before it serves: a bad environment stops it with
// one line per bad variable instead of failing on the first request. Then the validated
// SHUTDOWN_TIMEOUT_MS is handed to server.mjs, which owns the stop (server/shutdown.ts;
// under `next dev` the app stops itself the same way, server/dev-stop.ts), and the metrics
// are set up: their series start at zero, and server.mjs gets the function it reports
// request latencies to (server/metrics).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { validateEnvironmentOrExit } = await import("./server/validate-environment");
    await validateEnvironmentOrExit();
    const [{ env }, { configureShutdown }] = await Promise.all([import("~/env"), import("~/server/shutdown")]);
    configureShutdown({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
    if (env.NODE_ENV !== "production") {
      const [{ stopCleanlyUnderNextDev }, { logger }] = await Promise.all([import("~/server/dev-stop"), import("~/server/logger")]);
      stopCleanlyUnderNextDev((message) => logger.warn({}, message));
    }
    const [{ OPERATION_TYPES }, { initialiseSeries }, { installRequestObserver }] = await Promise.all([
      import("@once/api"),
      import("~/server/metrics/registry"),
      import("~/server/metrics/request-observer"),
    ]);
    initialiseSeries(OPERATION_TYPES, ["webhook", "email"]);
    installRequestObserver();
  }
}
