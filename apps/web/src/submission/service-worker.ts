// The service worker (served as /sw.js by app/sw.js/route.ts, registered by the page's inline
// script, ./early-press.ts). Two jobs, nothing else:
// 1. Offline copies of what a customer has visited: the customer pages without personal data
//    (catalog, guides, the inquiry form) network-first, so online they are always fresh, and
//    Next's content-hashed static files cache-first (the engine's chunks with them), kept across
//    deployments so an open page of the previous one can still load its engine. Never /me,
//    /track, the dashboard or any API answer.
// 2. Background Sync: the submissions the engine has not settled yet, mirrored into IndexedDB by
//    ./sync-outbox.ts, are sent when the browser is back online, even with every tab closed. Each
//    is sent under its own key, to its tRPC procedure, only under the session it was made in
//    (the `once_sid` cookie, read with the Cookie Store API; without it, nothing is sent) and
//    never past 7 days. A final answer (confirmed or refused) removes it; the next visit's engine
//    then learns the same outcome from the server (a replay). Anything else keeps it for the
//    next sync. An operation the page superseded or settled is no longer in the outbox.
//
// `serviceWorker` is serialised with Function.prototype.toString: it uses nothing from outside
// its body but its arguments and the worker's globals.
export interface ServiceWorkerSettings {
  version: string;
  /** The tRPC procedure of each operation type. */
  procedures: Record<string, string>;
  /** Pathnames of the pages kept for offline use (a regular expression's source). */
  offlinePages: string;
  outbox: { database: string; store: string; syncTag: string };
  sessionCookie: string;
  maxAgeMs: number;
}

export function serviceWorker(settings: ServiceWorkerSettings) {
  type Operation = { key: string; type: string; params: Record<string, unknown>; submittedAt: number; sessionTag?: string };
  interface ExtendableEvent extends Event {
    waitUntil(promise: Promise<unknown>): void;
  }
  interface FetchEvent extends ExtendableEvent {
    request: Request;
    respondWith(response: Promise<Response>): void;
  }
  interface SyncEvent extends ExtendableEvent {
    tag: string;
  }
  const worker = self as unknown as {
    addEventListener(type: string, listener: (event: never) => void): void;
    skipWaiting(): Promise<void>;
    clients: { claim(): Promise<void> };
    location: Location;
    cookieStore?: { get(name: string): Promise<{ value: string } | null> };
  };
  const pagesCache = `once-pages-${settings.version}`;
  const staticCache = "once-static";
  const offlinePage = new RegExp(settings.offlinePages);
  const STATIC_ENTRIES = 300;

  worker.addEventListener("install", (event: ExtendableEvent) => event.waitUntil(worker.skipWaiting()));
  worker.addEventListener("activate", (event: ExtendableEvent) =>
    event.waitUntil(
      (async () => {
        for (const name of await caches.keys()) if (name.startsWith("once-pages-") && name !== pagesCache) await caches.delete(name);
        await worker.clients.claim();
      })(),
    ),
  );

  const networkFirst = async (request: Request) => {
    try {
      const response = await fetch(request);
      if (response.ok && response.type === "basic") await (await caches.open(pagesCache)).put(request, response.clone());
      return response;
    } catch (error) {
      const cached = await (await caches.open(pagesCache)).match(request, { ignoreSearch: true });
      if (cached) return cached;
      throw error;
    }
  };

  // A static file, and (`depth` levels down) the chunks its code names: the engine's chunks are
  // named by the first load's, and must be here before the connection goes, not after.
  const cacheFirst = async (request: Request | string, depth = 1): Promise<Response> => {
    const cache = await caches.open(staticCache);
    const cached = await cache.match(request);
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - STATIC_ENTRIES))) await cache.delete(old);
      if (depth > 0 && (response.headers.get("content-type") ?? "").includes("javascript")) {
        const named = new Set((await response.clone().text()).match(/static\/chunks\/[\w.~-]+\.(?:js|css)/g));
        for (const path of named) await cacheFirst(`/_next/${path}`, depth - 1).catch(() => undefined);
      }
    }
    return response;
  };

  // The page that registered the worker names what it loaded before the worker was there.
  worker.addEventListener("message", (event: ExtendableEvent & { data?: { cache?: unknown } }) => {
    const urls = Array.isArray(event.data?.cache) ? (event.data.cache as unknown[]) : [];
    event.waitUntil(
      (async () => {
        for (const raw of urls) {
          const url = typeof raw === "string" ? new URL(raw, worker.location.origin) : null;
          if (!url || url.origin !== worker.location.origin) continue;
          if (url.pathname.startsWith("/_next/static/")) await cacheFirst(url.href).catch(() => undefined);
          else if (offlinePage.test(url.pathname)) await networkFirst(new Request(url.href)).catch(() => undefined);
        }
      })(),
    );
  });

  worker.addEventListener("fetch", (event: FetchEvent) => {
    const { request } = event;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (url.origin !== worker.location.origin) return;
    if (request.mode === "navigate" && offlinePage.test(url.pathname)) event.respondWith(networkFirst(request));
    else if (url.pathname.startsWith("/_next/static/")) event.respondWith(cacheFirst(request));
  });

  const openOutbox = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(settings.outbox.database, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(settings.outbox.store, { keyPath: "key" });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error("the outbox cannot be opened"));
    });
  const request = <T>(db: IDBDatabase, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      const r = act(db.transaction(settings.outbox.store, mode).objectStore(settings.outbox.store));
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error("the outbox refused a request"));
    });

  /**
   * One operation: "settled" (remove it), "wait" (the outcome is unknown: the next sync tries
   * again) or "skip" (not this worker's to send: the page decides).
   */
  const send = async (operation: Operation, sessionTag: string | undefined): Promise<"settled" | "wait" | "skip"> => {
    if (Date.now() - operation.submittedAt > settings.maxAgeMs) return "skip"; // the page asks the customer to look
    if ((operation.sessionTag ?? undefined) !== sessionTag) return "skip"; // another session's
    const procedure = settings.procedures[operation.type];
    if (!procedure) return "skip"; // a type this version does not know: never sent
    const response = await fetch(`/api/trpc/${procedure}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { ...operation.params, idempotencyKey: operation.key } }),
    });
    if (response.ok) return "settled";
    const body = (await response.json().catch(() => null)) as { error?: { json?: { data?: { protocol?: { retryable?: boolean } } } } } | null;
    const retryable = body?.error?.json?.data?.protocol?.retryable;
    // A refusal the protocol calls final is stored on the server and replayed to the page; an
    // answer without the protocol's word (a proxy's 502, a 500) leaves the outcome unknown.
    return response.status >= 400 && response.status < 500 && retryable === false ? "settled" : "wait";
  };

  const replay = async () => {
    if (!worker.cookieStore) return; // cannot tell the session: the next visit sends it
    const sessionTag = (await worker.cookieStore.get(settings.sessionCookie))?.value || undefined;
    const db = await openOutbox();
    const operations = await request<Operation[]>(db, "readonly", (store) => store.getAll() as IDBRequest<Operation[]>);
    let waiting = false;
    for (const operation of operations) {
      const outcome = await send(operation, sessionTag).catch(() => "wait" as const);
      if (outcome === "settled") await request(db, "readwrite", (store) => store.delete(operation.key));
      waiting ||= outcome === "wait";
    }
    db.close();
    if (waiting) throw new Error("some submissions are still unsettled"); // Background Sync tries again later
  };

  worker.addEventListener("sync", (event: SyncEvent) => {
    if (event.tag === settings.outbox.syncTag) event.waitUntil(replay());
  });
}
