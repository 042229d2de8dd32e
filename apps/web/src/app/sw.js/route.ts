// /sw.js: the service worker (submission/service-worker.ts) with this build's settings. Served
// `no-cache` so the browser sees a new version at once. Its `version` is the build's id
// (next.config.ts), so every deployment installs a new worker: it retires the previous
// deployment's offline pages and takes over the open pages, which reload into the new version
// (submission/early-press.ts).
import { SESSION_TAG_COOKIE } from "@once/api/session-cookies";
import { MAX_PENDING_AGE_MS } from "@once/idempotency/client";
import { OFFLINE_PAGES } from "~/submission/offline-pages";
import { OPERATION_PROCEDURES } from "~/submission/operation-procedures";
import { serviceWorker, type ServiceWorkerSettings } from "~/submission/service-worker";
import { OUTBOX } from "~/submission/outbox-names";

const settings: Omit<ServiceWorkerSettings, "version"> = {
  procedures: OPERATION_PROCEDURES,
  offlinePages: OFFLINE_PAGES.source,
  outbox: OUTBOX,
  sessionCookie: SESSION_TAG_COOKIE,
  maxAgeMs: MAX_PENDING_AGE_MS,
};
const body = serviceWorker.toString();
// Not configuration (~/env): a constant Next writes into the code at build time (next.config.ts `env`).
// eslint-disable-next-line no-restricted-properties
const version = process.env.ONCE_BUILD_ID ?? "unbuilt";
const source = `"use strict";\n(${body})(${JSON.stringify({ ...settings, version })});\n`;

export const dynamic = "force-static";

export function GET(): Response {
  return new Response(source, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache", "service-worker-allowed": "/" },
  });
}
