// The browser's one QueryClient and tRPC client, and in the browser the submissions' wiring:
// - the submit mutation registered as mutation defaults (so a persisted mutation can resume
//   after a reload: TanStack needs the function by key, it cannot persist closures); each
//   attempt is the protocol client's (@once/idempotency/client: look-up before a resend, one
//   tab at a time, nothing sent under another session);
// - networkMode "online": a submission made offline pauses and resumes when the browser is
//   back online (TanStack's onlineManager); unknown outcomes are retried by the protocol's
//   policy (backoff with jitter, Retry-After), at once when the connection comes back;
// - persistence to localStorage of the submissions (pending, confirmed, refused), so a pending
//   operation survives closing the tab and a confirmed number survives a reload.
// Customer pages load this module after hydration (see submission/engine-provider.tsx); pages
// that render queries on the server (catalog, /me, dashboard) import it through ./react.tsx.
import { onlineManager, type Mutation, type QueryClient } from "@tanstack/react-query";
import { persistQueryClient } from "@tanstack/query-persist-client-core";
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink, type TRPCClient } from "@trpc/client";
import { isStale, retryDelay, shouldRetry, STORE_FORMAT_VERSION } from "@once/idempotency/client";
import { transformer, type AppRouter } from "@once/api/client";
import { makeQueryClient } from "./query-client";
import { SUBMIT_KEY, type ConfirmedResult, type OperationVariables } from "~/submission/submission-types";
import { recordNextAttempt } from "~/submission/next-attempt";
import { storePersister } from "~/submission/store-persister";
import { createSubmissionClient, createSubmissionStore, type SubmissionClient } from "~/submission/submission-client";

export interface Clients {
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
}

/** The tab's clients, with the protocol client its submissions run through. */
export interface BrowserClients extends Clients {
  submissions: SubmissionClient;
}

const KEEP_MS = 30 * 24 * 60 * 60 * 1000;
// How long a finished submission stays in this tab's cache (and so in storage). Must stay
// below 2^31 ms: timers clamp larger delays to ~0, which would drop mutations at once.
const SUBMISSION_GC_MS = 7 * 24 * 60 * 60 * 1000;

function createClients(): Clients {
  const trpcClient = createTRPCClient<AppRouter>({
    links: [
      // Subscriptions over server-sent events; mutations one per request, so each has its own
      // fate (and its own route in tests); queries batched.
      splitLink({
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({ url: "/api/trpc", transformer }),
        false: splitLink({
          condition: (op) => op.type === "mutation",
          true: httpLink({ url: "/api/trpc", transformer }),
          false: httpBatchLink({ url: "/api/trpc", transformer }),
        }),
      }),
    ],
  });
  return { queryClient: makeQueryClient(), trpcClient };
}

function createBrowserClients(): BrowserClients {
  const clients = createClients();
  const submissions = createSubmissionClient(clients.trpcClient, window.localStorage);
  clients.queryClient.setMutationDefaults([SUBMIT_KEY], {
    mutationFn: (vars: OperationVariables): Promise<ConfirmedResult> => submissions.attempt(vars),
    networkMode: "online",
    retry: (_failures, error) => shouldRetry(error),
    retryDelay: (failures, error) => recordNextAttempt(error, retryDelay(failures, error, { online: onlineManager.isOnline() })),
    gcTime: SUBMISSION_GC_MS,
  });
  // TanStack's onlineManager starts out "online" and learns only from later events: a page opened
  // offline (from the service worker's cache) would send at once instead of pausing.
  onlineManager.setOnline(navigator.onLine);
  // Mounted for the tab's lifetime, whether or not a QueryClientProvider is rendered: this
  // subscribes TanStack's onlineManager and focusManager, so paused submissions resume
  // (resumePausedMutations) as soon as the browser is back online.
  clients.queryClient.mount();
  return { ...clients, submissions };
}

let browserClients: BrowserClients | undefined;

/** The tab's clients (one pair per tab); only the browser submits. */
export function getBrowserClients(): BrowserClients {
  return (browserClients ??= createBrowserClients());
}

/** In the browser the tab's pair; on the server a fresh pair per render (no shared cache). */
export function getClients(): Clients {
  return typeof window === "undefined" ? createClients() : getBrowserClients();
}

const isSubmission = (m: Mutation<unknown, Error, unknown>) => m.options.mutationKey?.[0] === SUBMIT_KEY;

/** After the cache is restored: resume every pending submission younger than 7 days. */
function resumePending(queryClient: QueryClient) {
  for (const mutation of queryClient.getMutationCache().getAll()) {
    const vars = mutation.state.variables as OperationVariables | undefined;
    if (!isSubmission(mutation) || mutation.state.status !== "pending" || !vars) continue;
    if (isStale(vars)) continue; // shown as needing attention
    // Under another session the attempt refuses without a request, and the refusal is kept.
    void mutation.continue().catch(() => undefined);
  }
}

let restored: Promise<BrowserClients> | undefined;

/**
 * Restores this browser's persisted submissions into the tab's QueryClient (once), keeps
 * storage in step from then on, and resumes the pending ones. Resolves when restored.
 */
export function restoreSubmissions(): Promise<BrowserClients> {
  return (restored ??= (async () => {
    const clients = getBrowserClients();
    const [, restoring] = persistQueryClient({
      queryClient: clients.queryClient,
      persister: storePersister(createSubmissionStore(window.localStorage)),
      maxAge: KEEP_MS,
      buster: STORE_FORMAT_VERSION,
      dehydrateOptions: { shouldDehydrateQuery: () => false, shouldDehydrateMutation: isSubmission },
    });
    await restoring.catch(() => undefined); // unreadable storage: start empty, keep working
    resumePending(clients.queryClient);
    return clients;
  })());
}
