// New-lead events for live dashboards. One LISTEN connection per node on the "lead_created"
// channel (fed by a trigger, so every node hears leads committed on any node; @once/db/listen
// keeps it up); subscribers in this process get each lead id.
import { EventEmitter, on } from "node:events";
import { listenOn, type ChannelListener } from "@once/db/listen";

// Kept on globalThis: Next.js bundles instrumentation (which starts the listener) and route
// handlers (which subscribe) separately, and both must share one emitter per process.
const shared = globalThis as unknown as { __onceLeadEvents?: { emitter: EventEmitter; listener: ChannelListener | null } };
const state = (shared.__onceLeadEvents ??= { emitter: new EventEmitter().setMaxListeners(0), listener: null });
const emitter = state.emitter;

export function listenForLeadEvents(connectionString: string, log: (message: string) => void = () => {}): void {
  state.listener ??= listenOn(
    connectionString,
    "lead_created",
    (id) => {
      if (id) emitter.emit("lead", id);
    },
    log,
  );
}

/** Yields the id of every lead committed from now on, until `signal` aborts. */
export async function* newLeadIds(signal: AbortSignal | undefined): AsyncGenerator<string> {
  try {
    for await (const [id] of on(emitter, "lead", { signal })) yield id as string;
  } catch (error) {
    if ((error as { name?: string }).name !== "AbortError") throw error;
  }
}
