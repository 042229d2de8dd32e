// The first hand on a submit: an inline script in every customer page's HTML (see
// ./early-press-script.tsx), so it listens from the first paint, before React has hydrated and
// before the submission engine (./engine.tsx) has loaded. It catches a press the engine cannot
// take yet, and:
//   1. stores the intent (a PendingOperation: new key, type, scope, the form's fields, time,
//      session tag) in localStorage before anything else (./store-key.ts), also kept in
//      memory where storage is refused; where a service worker controls the page, also in its
//      outbox (./sync-outbox.ts), so Background Sync sends it even if the tab is closed before
//      the engine ever arrives (the engine, when it does, takes it from localStorage under the
//      same key: the second send is a replay);
//   2. shows at once what is true, without React: the form's `data-held` becomes "online"
//      (the button is busy, "Sending your request…") or "offline" ("Saved on this device…"),
//      updated as the connection comes and goes (the texts are in the HTML, ./held-note.tsx);
//   3. tells the page ("once:held"), which asks for the engine; the engine takes the intent
//      (trpc/browser-clients.ts, @once/idempotency/client's readPressedIntents) and sends it
//      under that key as soon as it can. A page that never hydrated (the connection went
//      before its scripts arrived) is reloaded once it is back online, and the reloaded page
//      sends it.
// It takes the forms that carry `data-scope` (the submission's scope, "order:<slug>" or "lead":
// its operation type first). A form is the engine's own once it carries `data-operation-key`
// (the engine's key): from then on this script lets every press through. It never sends
// anything itself.
//
// `earlyPress` is serialised with Function.prototype.toString: it must use nothing from
// outside its body but its arguments and the browser's globals.
// Its arguments are the names in ./store-key.ts and ./outbox-names.ts, and the page's words for a
// text past its limit.
export function earlyPress(
  storeKey: string,
  heldEvent: string,
  hydratedAttribute: string,
  sessionCookie: string,
  workerUrl: string | null,
  outbox: { database: string; store: string; syncTag: string },
  tooLong: string,
) {
  type Intent = { type: string; key: string; scope: string; params: Record<string, unknown>; submittedAt: number; sessionTag?: string };
  const w = window as unknown as { __oncePressed?: Intent[] };
  const memory = (w.__oncePressed ??= []);
  const net = () => (navigator.onLine ? "online" : "offline");
  const heldForms = () => document.querySelectorAll<HTMLFormElement>("form[data-held]");

  const sessionTag = () => {
    for (const part of document.cookie.split(";")) {
      const [name, ...value] = part.trim().split("=");
      if (name === sessionCookie) return value.join("=") || undefined;
    }
    return undefined;
  };

  // The form's named fields as the engine's form would send them: "contact.name" nests,
  // a control marked data-as="number" is a number.
  const paramsOf = (form: HTMLFormElement) => {
    const params: Record<string, unknown> = {};
    for (const element of Array.from(form.elements) as HTMLInputElement[]) {
      if (!element.name || element.disabled || element.type === "submit") continue;
      const path = element.name.split(".");
      let node = params;
      for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      node[path[path.length - 1]!] = element.dataset.as === "number" ? Number(element.value) : element.value;
    }
    return params;
  };

  // A UUIDv4 like mintOperationKey's; randomUUID exists only in secure contexts.
  const mintKey = () =>
    typeof crypto.randomUUID === "function"
      ? crypto.randomUUID()
      : "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
          (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16),
        );

  const store = (intent: Intent) => {
    memory.push(intent);
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(storeKey) ?? "[]");
      localStorage.setItem(storeKey, JSON.stringify([...(Array.isArray(stored) ? (stored as unknown[]) : []), intent]));
    } catch {
      // Storage refused (private mode, full) or unreadable: the page still has it in memory.
    }
  };

  // The service worker's outbox, as ./sync-outbox.ts writes it, and a sync asked for: sent by the
  // worker once the browser is back online, with or without this tab.
  const toOutbox = (intent: Intent) => {
    if (!navigator.serviceWorker?.controller) return;
    try {
      const open = indexedDB.open(outbox.database, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(outbox.store, { keyPath: "key" });
      open.onsuccess = () => {
        const tx = open.result.transaction(outbox.store, "readwrite");
        tx.objectStore(outbox.store).put(intent);
        tx.oncomplete = () => {
          open.result.close();
          void navigator.serviceWorker.ready
            .then((registration) =>
              (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(outbox.syncTag),
            )
            .catch(() => undefined);
        };
      };
    } catch {
      // No IndexedDB (some private modes): the next visit sends it from localStorage.
    }
  };

  // A text longer than its field's limit (`data-max`, ./text-field.tsx) is refused here with the
  // form's own words ("{field} has at most {n} characters", the field being its label): never
  // stored to be refused later. Trimmed first, as the server's schema does.
  // A required field of spaces only is emptied first, so the browser's own "fill in this field" says
  // it (the server's schema trims, then requires).
  const checkLengths = (form: HTMLFormElement) => {
    for (const field of Array.from(form.querySelectorAll<HTMLInputElement>("[data-max]"))) {
      if (field.required && !field.value.trim()) field.value = "";
      const max = field.dataset.max!;
      const label = field.labels?.[0]?.firstChild?.textContent ?? "";
      field.setCustomValidity(field.value.trim().length > Number(max) ? tooLong.replace("{field}", label).replace("{n}", max) : "");
    }
  };

  // A newer deployment's service worker (a new build id, app/sw.js/route.ts) has taken over this
  // page: its engine and pages are out of date. It reloads into the new version at once, unless a
  // customer is typing into a form (text the page holds nowhere else): what a submission holds is
  // stored on this device (./submission-client.ts, the presses above), so the reloaded page resumes
  // it under its own key. A form being typed into reloads on its press (the submit listener).
  let updated = false;
  const typedInto = new Set<HTMLFormElement>();
  window.addEventListener("input", (event) => {
    const form = (event.target as HTMLInputElement | null)?.form;
    if (form?.dataset.scope) typedInto.add(form);
  });
  const typing = () => Array.from(typedInto).some((form) => !form.hasAttribute("data-held") && !form.querySelector("fieldset:disabled"));
  const takeOver = () => {
    if (updated && navigator.onLine && !typing()) location.reload();
  };

  const mark = (form: HTMLFormElement) => {
    form.setAttribute("data-held", net());
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    button?.setAttribute("aria-busy", "true");
    if (button) button.disabled = true;
  };

  window.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const scope = form.dataset.scope;
      // The engine's own form, unless a newer deployment has taken over the page: then its press is
      // stored here and the page reloads into the new version, which sends it.
      if (!scope || (form.hasAttribute("data-operation-key") && !updated)) return;
      checkLengths(form);
      if (!form.checkValidity()) {
        // The engine's form explains it in the page's language once it can load; offline, or
        // before React is here, the browser's own bubbles say which field.
        if (!navigator.onLine || !document.documentElement.hasAttribute(hydratedAttribute)) {
          event.preventDefault();
          form.reportValidity();
        }
        return;
      }
      // Ours now: neither the browser's navigation nor the form's own handler sends it.
      event.preventDefault();
      event.stopImmediatePropagation();
      if (form.hasAttribute("data-held")) return; // a second press: already stored
      const tag = sessionTag();
      const intent: Intent = {
        type: scope.split(":")[0]!, // a form's scope is its operation type, then what it is about
        key: mintKey(),
        scope,
        params: paramsOf(form),
        submittedAt: Date.now(),
        ...(tag ? { sessionTag: tag } : {}),
      };
      store(intent);
      toOutbox(intent);
      mark(form);
      if (updated) takeOver();
      else form.dispatchEvent(new CustomEvent(heldEvent, { bubbles: true }));
    },
    true,
  );

  // A press whose engine is not there (the page never hydrated) or is out of date (a newer
  // deployment took over) is sent by the reloaded page: only once online, where the new version
  // can arrive.
  const onNetwork = () => {
    for (const form of Array.from(heldForms())) form.setAttribute("data-held", net());
    if (navigator.onLine && memory.length && (updated || !document.documentElement.hasAttribute(hydratedAttribute))) location.reload();
  };
  window.addEventListener("online", onNetwork);
  window.addEventListener("offline", onNetwork);

  // The service worker (./service-worker.ts: offline copies, Background Sync), once the page has
  // loaded so it never competes with it. Production only: development's chunks are not immutable.
  // It is told what this page loaded before it was there, so the page opens offline next time.
  const loaded = () => [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
  if (workerUrl && "serviceWorker" in navigator) {
    const workers = navigator.serviceWorker;
    if (workers.controller)
      workers.addEventListener("controllerchange", () => {
        updated = true;
        takeOver();
      });
    // A page left open asks for a new version whenever it comes back into view or online.
    const check = () =>
      void workers
        .getRegistration()
        .then((registration) => registration?.update())
        .catch(() => undefined);
    window.addEventListener("online", check);
    document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && check());
    window.addEventListener(
      "load",
      () =>
        void navigator.serviceWorker
          .register(workerUrl)
          .then(() => navigator.serviceWorker.ready)
          .then((registration) => registration.active?.postMessage({ cache: loaded() }))
          .catch(() => undefined),
      { once: true },
    );
  }
}
