// @ts-check
// The request id and the per-request context, decided by the production server (server.mjs)
// before Next sees a request, and read by the app (src/server/request-context.ts) through one
// AsyncLocalStorage on globalThis: Next bundles the app separately, so a module-level instance
// would not be shared. Everything a request does (route handler, tRPC, Prisma calls, log
// lines) runs inside `requestContext.run`, so the logger adds the id to each line by itself.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { REQUEST_ID_PATTERN } from "@once/api/request-id-pattern";

/**
 * The caller's id when well-formed (a client's own, or nginx's), else a fresh UUID. Believed
 * from anyone: it is a label to find log lines by, never an authority for anything.
 * @param {string | string[] | undefined} incoming
 */
export function requestIdFor(incoming) {
  return typeof incoming === "string" && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** @typedef {{ requestId: string }} RequestStore */
const holder = /** @type {{ [key: symbol]: AsyncLocalStorage<RequestStore> | undefined }} */ (/** @type {unknown} */ (globalThis));
export const requestContext = (holder[Symbol.for("once.request-context")] ??= new AsyncLocalStorage());
