// One LISTEN connection on a PostgreSQL channel, kept up: reconnects with backoff (0.5 s
// doubling to 5 s) when the connection drops or cannot be made. The cap is low because a
// failover takes 5-25 s and every notification until the reconnect is lost: one attempt per 5 s
// per node costs the database nothing. NOTIFY is delivered on commit
// only, so a listener hears committed work and never a rolled-back one. Notifications sent while
// the connection is down are lost: listeners use this to act sooner, never as their only trigger
// (a pooler in transaction mode, for one, never delivers them).
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
  /** Stops listening and closes the connection. */
  stop(): Promise<void>;
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

export function listenOn(
  connectionString: string,
  channel: string,
  onNotification: (payload: string) => void,
  log: (message: string) => void = () => {},
  onState: (live: boolean) => void = () => {},
): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    const current = new pg.Client({ connectionString });
    client = current;
    let probeTimer: NodeJS.Timeout | undefined;
    const retry = () => {
      clearTimeout(probeTimer);
      onState(false);
      current.removeAllListeners();
      void current.end().catch(() => undefined);
      if (stopped) return;
      retryTimer = setTimeout(() => void connect(attempt + 1), Math.min(5_000, 500 * 2 ** attempt));
      retryTimer.unref();
    };
    const token = randomUUID();
    try {
      await current.connect();
      current.on("notification", (message) => {
        if (message.channel === channel) onNotification(message.payload ?? "");
        else if (message.channel === PROBE_CHANNEL && message.payload === token) {
          clearTimeout(probeTimer);
          onState(true);
        }
      });
      current.on("error", (error) => {
        log(`${channel} listener: connection lost (${error.message}); reconnecting`);
        retry();
      });
      await current.query(`listen ${PROBE_CHANNEL}`);
      probeTimer = setTimeout(() => {
        log(`${channel} listener: notifications do not arrive on this connection; dashboards poll`);
        onState(false);
      }, PROBE_TIMEOUT_MS);
      probeTimer.unref();
      await current.query(`listen ${channel}`);
      await notifyFromAnotherConnection(connectionString, token);
      attempt = 0;
    } catch (error) {
      if (stopped) return;
      log(`${channel} listener: cannot listen (${error instanceof Error ? error.message : String(error)}); retrying`);
      retry();
    }
  };
  void connect(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const last = client;
      client = null;
      last?.removeAllListeners();
      await last?.end().catch(() => undefined);
    },
  };
}
