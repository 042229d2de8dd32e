// /sw.js: the service worker (submission/service-worker.ts) with this build's settings. Served
// `no-cache` so the browser sees a new version at once; a new version differs in its text,
// which changes its `version` (a digest of the text) and so retires the old offline pages.
import { createHash } from "node:crypto";
import { SESSION_TAG_COOKIE } from "@once/api/session";
import { MAX_PENDING_AGE_MS } from "@once/idempotency/client";
import { OFFLINE_PAGES } from "~/submission/offline-pages";
import { OPERATION_PROCEDURES } from "~/submission/operation-procedures";
import { serviceWorker, type ServiceWorkerSettings } from "~/submission/service-worker";
import { OUTBOX } from "~/submission/sync-outbox";

const settings: Omit<ServiceWorkerSettings, "version"> = {
  procedures: OPERATION_PROCEDURES,
  offlinePages: OFFLINE_PAGES.source,
  outbox: OUTBOX,
  sessionCookie: SESSION_TAG_COOKIE,
  maxAgeMs: MAX_PENDING_AGE_MS,
};
const body = serviceWorker.toString();
const version = createHash("sha256").update(body).update(JSON.stringify(settings)).digest("hex").slice(0, 12);
const source = `"use strict";\n(${body})(${JSON.stringify({ ...settings, version })});\n`;

export const dynamic = "force-static";

export function GET(): Response {
  return new Response(source, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache", "service-worker-allowed": "/" },
  });
}
