// The node's life cycle, shared between the production server (apps/web/server.mjs, plain
// Node outside the Next bundle) and the app (bundled by Next): both run in one process and
// meet on one object on globalThis, under a Symbol.for key. server.mjs owns the stop:
// on SIGTERM it sets `draining` (readiness answers 503 "draining"), stops accepting
// connections, and lets requests in flight finish; meanwhile it runs the `drain` hooks (work
// that can end alongside the requests: the notification worker finishing the jobs it holds);
// after the last request it runs the `final` hooks in order (flush the operation counters,
// then close the database pools). Keep this shape in step with server.mjs.
import "server-only";

export interface ShutdownHook {
  name: string;
  /** `deadline` is a Date.now() value: the node exits at that moment whatever is left. */
  run(deadline: number): Promise<void>;
}

export interface Lifecycle {
  draining: boolean;
  /** SHUTDOWN_TIMEOUT_MS, validated with the rest of the environment (env.ts). */
  timeoutMs?: number;
  drain: ShutdownHook[];
  final: ShutdownHook[];
}

const LIFECYCLE = Symbol.for("once.lifecycle");

function lifecycle(): Lifecycle {
  const holder = globalThis as unknown as { [LIFECYCLE]?: Lifecycle };
  return (holder[LIFECYCLE] ??= { draining: false, drain: [], final: [] });
}

/** True from the moment the node was told to stop (it still answers requests in flight). */
export function isDraining(): boolean {
  return lifecycle().draining;
}

/** Runs when the stop begins, alongside the requests still in flight. */
export function onDrain(hook: ShutdownHook): void {
  lifecycle().drain.push(hook);
}

/** Runs after the last request has been answered, in registration order. */
export function afterRequests(hook: ShutdownHook): void {
  lifecycle().final.push(hook);
}

/**
 * The stop's hooks for a process that has no server.mjs (`next dev`, see dev-stop.ts): the
 * same order as server.mjs (which, outside the bundle, keeps its own copy): `draining`, the
 * `drain` hooks together, then the `final` hooks one by one. A failing hook is reported and
 * the others still run.
 */
export async function runStopHooks(deadline: number, report: (message: string) => void): Promise<void> {
  const state = lifecycle();
  state.draining = true;
  const run = (hook: ShutdownHook) =>
    hook.run(deadline).catch((error: unknown) => report(`shutdown: ${hook.name} failed: ${error instanceof Error ? error.message : String(error)}`));
  await Promise.all(state.drain.map(run));
  for (const hook of state.final) await run(hook);
}

/** Hands the validated SHUTDOWN_TIMEOUT_MS to server.mjs, which reads no environment itself. */
export function configureShutdown(options: { timeoutMs: number }): void {
  lifecycle().timeoutMs = options.timeoutMs;
}
