// `pnpm worker`: the notification worker as its own process (set NOTIFY_WORKER=off on the web
// nodes then). Stops cleanly on SIGINT/SIGTERM; a kill mid-delivery is safe: the attempt
// expires and pg-boss retries it, and receivers drop the duplicate by its delivery id.
import pino from "pino";
import { assertDatabaseReachable, resolveDatabaseUrl } from "@once/db/database-url";
import { readNotifyConfig } from "../config.ts";
import { startNotificationWorker } from "./start-worker.ts";

const log = pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: "notify-worker" } });
const database = await resolveDatabaseUrl();
await assertDatabaseReachable(database.connectionString);
const worker = await startNotificationWorker({
  connectionString: database.connectionString,
  listenConnectionString: database.sessionConnectionString,
  config: readNotifyConfig(),
  log,
});
log.info({}, "notify.worker_started");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void worker
      .stop()
      .then(() => database.release())
      .then(() => process.exit(0));
  });
}
