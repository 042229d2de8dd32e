// New-lead events for live dashboards. One LISTEN connection per node on the "lead_created"
// channel (fed by a trigger, so every node hears leads committed on any node); subscribers
// in this process get each lead id. Reconnects with backoff when the connection drops.
import { EventEmitter, on } from "node:events";
import pg from "pg";

// Kept on globalThis: Next.js bundles instrumentation (which starts the listener) and route
// handlers (which subscribe) separately, and both must share one emitter per process.
const shared = globalThis as unknown as { __onceLeadEvents?: { emitter: EventEmitter; listening: Promise<void> | null } };
const state = (shared.__onceLeadEvents ??= { emitter: new EventEmitter().setMaxListeners(0), listening: null });
const emitter = state.emitter;

export function listenForLeadEvents(connectionString: string, log: (message: string) => void = () => {}): void {
  state.listening ??= connect(connectionString, log, 0);
}

async function connect(connectionString: string, log: (message: string) => void, attempt: number): Promise<void> {
  const client = new pg.Client({ connectionString });
  const retry = () => {
    client.removeAllListeners();
    void client.end().catch(() => undefined);
    const delay = Math.min(30_000, 500 * 2 ** attempt);
    setTimeout(() => void connect(connectionString, log, attempt + 1), delay).unref();
  };
  try {
    await client.connect();
    client.on("notification", (message) => {
      if (message.channel === "lead_created" && message.payload) emitter.emit("lead", message.payload);
    });
    client.on("error", (error) => {
      log(`lead events connection lost: ${error.message}`);
      retry();
    });
    await client.query("listen lead_created");
    attempt = 0;
  } catch (error) {
    log(`lead events: cannot listen (${error instanceof Error ? error.message : String(error)}); retrying`);
    retry();
  }
}

/** Yields the id of every lead committed from now on, until `signal` aborts. */
export async function* newLeadIds(signal: AbortSignal | undefined): AsyncGenerator<string> {
  try {
    for await (const [id] of on(emitter, "lead", { signal })) yield id as string;
  } catch (error) {
    if ((error as { name?: string }).name !== "AbortError") throw error;
  }
}
