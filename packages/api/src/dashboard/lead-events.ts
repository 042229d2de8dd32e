// New-lead events for live dashboards. One LISTEN connection per node on the "lead_created"
// channel (fed by a trigger, so every node hears leads committed on any node; @once/db/listen
// keeps it up and tells whether notifications really arrive); subscribers in this process get
// each lead id, and whether the node is live, so their list polls only while it is not.
import { EventEmitter, on } from "node:events";
import { listenOn, type ChannelListener } from "@once/db/listen";

// Kept on globalThis: Next.js bundles instrumentation (which starts the listener) and route
// handlers (which subscribe) separately, and both must share one emitter per process.
const shared = globalThis as unknown as { __onceLeadEvents?: { emitter: EventEmitter; listener: ChannelListener | null; live: boolean } };
const state = (shared.__onceLeadEvents ??= { emitter: new EventEmitter().setMaxListeners(0), listener: null, live: false });
state.live ??= false;
const emitter = state.emitter;

export function listenForLeadEvents(connectionString: string, log: (message: string) => void = () => {}): void {
  state.listener ??= listenOn(
    connectionString,
    "lead_created",
    (id) => {
      if (id) emitter.emit("event", { kind: "lead", id } satisfies LeadEvent);
    },
    log,
    (live) => {
      if (live === state.live) return;
      state.live = live;
      emitter.emit("event", { kind: "live", live } satisfies LeadEvent);
    },
  );
}

export type LeadEvent = { kind: "lead"; id: string } | { kind: "live"; live: boolean };

/**
 * Yields whether new leads are announced live on this node (at once, then on every change) and
 * the id of every lead committed from now on, until `signal` aborts.
 */
export async function* leadEvents(signal: AbortSignal | undefined): AsyncGenerator<LeadEvent> {
  const events = on(emitter, "event", { signal });
  try {
    yield { kind: "live", live: state.live };
    for await (const [event] of events) yield event as LeadEvent;
  } catch (error) {
    if ((error as { name?: string }).name !== "AbortError") throw error;
  }
}
