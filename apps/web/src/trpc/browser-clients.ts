// The browser's one QueryClient and tRPC client, with:
// - the submit mutation registered as mutation defaults (so a persisted mutation can resume
//   after a reload: TanStack needs the function by key, it cannot persist closures);
// - networkMode "online": a submission made offline pauses and resumes when the browser is
//   back online (TanStack's onlineManager), then retries unknown outcomes with backoff;
// - persistence to localStorage of the submissions (pending, confirmed, refused), so a pending
//   operation survives closing the tab and a confirmed number survives a reload.
// Customer pages load this module after hydration (see submission/engine-provider.tsx); pages
// that render queries on the server (catalog, /me, dashboard) import it through ./react.tsx.
import { type Mutation, type QueryClient } from "@tanstack/react-query";
import { persistQueryClient } from "@tanstack/query-persist-client-core";
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink, type TRPCClient } from "@trpc/client";
import { transformer, type AppRouter } from "@once/api/client";
import { makeQueryClient } from "./query-client";
import { createImmediateStoragePersister } from "~/submission/immediate-storage-persister";
import { createSubmitOperation } from "~/submission/submit-operation";
import { isUnknownOutcome, MAX_PENDING_AGE_MS, retryDelay, toFinalRefusal, SUBMIT_KEY, type OperationVariables } from "~/submission/outcome";

export interface Clients {
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
}

const PERSIST_KEY = "once-submissions-v1";
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
  const queryClient = makeQueryClient();
  const submit = createSubmitOperation(trpcClient);
  queryClient.setMutationDefaults([SUBMIT_KEY], {
    mutationFn: async (vars: OperationVariables) => {
      try {
        return await submit(vars);
      } catch (error) {
        throw toFinalRefusal(error) ?? error;
      }
    },
    networkMode: "online",
    retry: (_count, error) => isUnknownOutcome(error),
    retryDelay,
    gcTime: SUBMISSION_GC_MS,
  });
  return { queryClient, trpcClient };
}

let browserClients: Clients | undefined;

/** In the browser one pair per tab; on the server a fresh pair per render (no shared cache). */
export function getClients(): Clients {
  if (typeof window === "undefined") return createClients();
  if (!browserClients) {
    browserClients = createClients();
    // Mounted for the tab's lifetime, whether or not a QueryClientProvider is rendered: this
    // subscribes TanStack's onlineManager and focusManager, so paused submissions resume
    // (resumePausedMutations) as soon as the browser is back online.
    browserClients.queryClient.mount();
  }
  return browserClients;
}

const isSubmission = (m: Mutation<unknown, Error, unknown>) => m.options.mutationKey?.[0] === SUBMIT_KEY;

/** After the cache is restored: resume every pending submission younger than 7 days. */
function resumePending(queryClient: QueryClient) {
  for (const mutation of queryClient.getMutationCache().getAll()) {
    const vars = mutation.state.variables as OperationVariables | undefined;
    if (!isSubmission(mutation) || mutation.state.status !== "pending" || !vars) continue;
    if (Date.now() - vars.submittedAt > MAX_PENDING_AGE_MS) continue; // shown as needing attention
    void mutation.continue().catch(() => undefined);
  }
}

let restored: Promise<Clients> | undefined;

/**
 * Restores this browser's persisted submissions into the tab's QueryClient (once), keeps
 * storage in step from then on, and resumes the pending ones. Resolves when restored.
 */
export function restoreSubmissions(): Promise<Clients> {
  return (restored ??= (async () => {
    const clients = getClients();
    const [, restoring] = persistQueryClient({
      queryClient: clients.queryClient,
      persister: createImmediateStoragePersister(window.localStorage, PERSIST_KEY),
      maxAge: KEEP_MS,
      buster: "v1",
      dehydrateOptions: { shouldDehydrateQuery: () => false, shouldDehydrateMutation: isSubmission },
    });
    await restoring.catch(() => undefined); // unreadable storage: start empty, keep working
    resumePending(clients.queryClient);
    return clients;
  })());
}
