// LISTEN on PostgreSQL channels, kept up: one connection per database URL and process, shared by
// every channel listened on there (the live lead list, the outbox relay's wake-up and the group
// chats' each listen on one: one connection, not three, so a node holds one session on
// PostgreSQL for LISTEN however many listeners it has; behind PgBouncer that is what limits the
// number of nodes, docs/SCALING.md). It reconnects with backoff (0.5 s doubling to 5 s) when the
// connection drops or cannot be made, and listens again on every channel. The cap is low because
// a failover takes 5-25 s and every notification until the reconnect is lost: one attempt per 5 s
// per node costs the database nothing. NOTIFY is delivered on commit only, so a listener hears
// committed work and never a rolled-back one. Notifications sent while the connection is down are
// lost: listeners use this to act sooner, never as their only trigger (a pooler in transaction
// mode, for one, never delivers them).
// `onState` tells whether notifications really arrive: after each (re)connection a token of its
// own is NOTIFYed on a probe channel from a second, short-lived connection, as the app's
// connections NOTIFY (the lead_created trigger); "live" once that comes back, "down" when the
// connection is lost or the probe never returns. The probe used to NOTIFY on the listening
// connection itself, which pglite-socket answered (it writes a notification to the connection
// that caused it) while notifications from other connections never came: "live" with nothing
// arriving (issue 26, item 6; the embedded server now forwards them, embedded/forward-notifications.ts).
// Dashboards poll only while it is down.
import { randomUUID } from "node:crypto";
import pg from "pg";

const PROBE_CHANNEL = "once_listen_probe";
const PROBE_TIMEOUT_MS = 3_000;

export interface ChannelListener {
  /** Stops listening on its channel; the shared connection closes with its last listener. */
  stop(): Promise<void>;
}

interface Subscriber {
  channel: string;
  onNotification: (payload: string) => void;
  log: (message: string) => void;
  onState: (live: boolean) => void;
}

async function notifyFromAnotherConnection(connectionString: string, token: string): Promise<void> {
  const other = new pg.Client({ connectionString });
  other.on("error", () => undefined); // a drop after the query is of no interest; before it, the query throws
  try {
    await other.connect();
    await other.query("select pg_notify($1, $2)", [PROBE_CHANNEL, token]);
  } finally {
    await other.end().catch(() => undefined);
  }
}

/**
 * The listening connections of this process, one per database URL. On globalThis: Next bundles
 * this module more than once (the web server's and the notification worker's copies), and they
 * must share.
 */
const globalForListen = globalThis as unknown as { __onceListenConnections?: Map<string, SharedConnection> };
const connections = (globalForListen.__onceListenConnections ??= new Map<string, SharedConnection>());

class SharedConnection {
  readonly subscribers = new Set<Subscriber>();
  private client: pg.Client | null = null;
  /** The client above has connected: a new channel is listened on at once. */
  private ready = false;
  private live = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly connectionString: string) {}

  private channels(): Set<string> {
    return new Set([...this.subscribers].map((s) => s.channel));
  }

  /** Log once, through the first listener's log, naming every channel. */
  private log(message: string): void {
    const first = this.subscribers.values().next().value;
    first?.log(`${[...this.channels()].join(", ")} listener: ${message}`);
  }

  private setLive(live: boolean): void {
    this.live = live;
    for (const s of this.subscribers) s.onState(live);
  }

  start(): void {
    void this.connect(0);
  }

  private async connect(attempt: number): Promise<void> {
    if (this.closed) return;
    const current = new pg.Client({ connectionString: this.connectionString });
    this.client = current;
    this.ready = false;
    let probeTimer: NodeJS.Timeout | undefined;
    const retry = () => {
      clearTimeout(probeTimer);
      this.ready = false;
      this.setLive(false);
      current.removeAllListeners();
      void current.end().catch(() => undefined);
      if (this.closed) return;
      this.retryTimer = setTimeout(() => void this.connect(attempt + 1), Math.min(5_000, 500 * 2 ** attempt));
      this.retryTimer.unref();
    };
    const token = randomUUID();
    try {
      await current.connect();
      current.on("notification", (message) => {
        if (message.channel === PROBE_CHANNEL) {
          if (message.payload !== token) return;
          clearTimeout(probeTimer);
          this.setLive(true);
          return;
        }
        for (const s of this.subscribers) if (s.channel === message.channel) s.onNotification(message.payload ?? "");
      });
      current.on("error", (error) => {
        this.log(`connection lost (${error.message}); reconnecting`);
        retry();
      });
      await current.query(`listen ${PROBE_CHANNEL}`);
      probeTimer = setTimeout(() => {
        this.log("notifications do not arrive on this connection; dashboards poll");
        this.setLive(false);
      }, PROBE_TIMEOUT_MS);
      probeTimer.unref();
      this.ready = true; // from here a listener added meanwhile listens by itself (add)
      for (const channel of this.channels()) await current.query(`listen ${channel}`);
      await notifyFromAnotherConnection(this.connectionString, token);
      attempt = 0;
    } catch (error) {
      if (this.closed) return;
      this.log(`cannot listen (${error instanceof Error ? error.message : String(error)}); retrying`);
      retry();
    }
  }

  add(subscriber: Subscriber): void {
    const known = this.channels().has(subscriber.channel);
    this.subscribers.add(subscriber);
    if (this.live) subscriber.onState(true);
    // A second LISTEN on a channel is a no-op; one that fails is a lost connection, retried.
    if (this.ready && !known) void this.client?.query(`listen ${subscriber.channel}`).catch(() => undefined);
  }

  async remove(subscriber: Subscriber): Promise<void> {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size === 0) return this.close();
    if (this.ready && !this.channels().has(subscriber.channel)) await this.client?.query(`unlisten ${subscriber.channel}`).catch(() => undefined);
  }

  private async close(): Promise<void> {
    this.closed = true;
    connections.delete(this.connectionString);
    clearTimeout(this.retryTimer);
    const last = this.client;
    this.client = null;
    last?.removeAllListeners();
    await last?.end().catch(() => undefined);
  }
}

export function listenOn(
  connectionString: string,
  channel: string,
  onNotification: (payload: string) => void,
  log: (message: string) => void = () => {},
  onState: (live: boolean) => void = () => {},
): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  const subscriber: Subscriber = { channel, onNotification, log, onState };
  let shared = connections.get(connectionString);
  const isNew = !shared;
  if (!shared) {
    shared = new SharedConnection(connectionString);
    connections.set(connectionString, shared);
  }
  shared.add(subscriber);
  if (isNew) shared.start();
  const owner = shared;
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      await owner.remove(subscriber);
    },
  };
}
