"use client";
// Browser-side tRPC + TanStack Query. One QueryClient per tab, with:
// - the submit mutation registered as mutation defaults (so a persisted mutation can resume
//   after a reload: TanStack needs the function by key, it cannot persist closures);
// - networkMode "online": a submission made offline pauses and resumes when the browser is
//   back online (TanStack's onlineManager), then retries unknown outcomes with backoff;
// - persistence to localStorage of the submissions (pending, confirmed, refused), so a pending
//   operation survives closing the tab and a confirmed number survives a reload.
import { useState } from "react";
import { type Mutation, type QueryClient } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink, type TRPCClient } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { transformer, type AppRouter } from "@once/api/client";
import { makeQueryClient } from "./query-client";
import { createImmediateStoragePersister } from "~/submission/immediate-storage-persister";
import { createSubmitOperation } from "~/submission/submit-operation";
import { isUnknownOutcome, MAX_PENDING_AGE_MS, retryDelay, toFinalRefusal, type OperationVariables } from "~/submission/outcome";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export const SUBMIT_KEY = "submit";
const PERSIST_KEY = "once-submissions-v1";
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;
// How long a finished submission stays in this tab's cache (and so in storage). Must stay
// below 2^31 ms: timers clamp larger delays to ~0, which would drop mutations at once.
const SUBMISSION_GC_MS = 7 * 24 * 60 * 60 * 1000;

function createBrowserClients(): { queryClient: QueryClient; trpcClient: TRPCClient<AppRouter> } {
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

// Server rendering has no storage: nothing to restore, nothing to keep.
const serverPersister = { persistClient: () => Promise.resolve(), restoreClient: () => Promise.resolve(undefined), removeClient: () => Promise.resolve() };

let browserClients: ReturnType<typeof createBrowserClients> | undefined;

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

export function TRPCReactProvider({ children }: { children: React.ReactNode }) {
  const [clients] = useState(() => (typeof window === "undefined" ? { ...createBrowserClients(), server: true } : (browserClients ??= createBrowserClients())));
  const [persister] = useState(() =>
    typeof window === "undefined" ? undefined : createImmediateStoragePersister(window.localStorage, PERSIST_KEY),
  );
  const content = (
    <TRPCProvider trpcClient={clients.trpcClient} queryClient={clients.queryClient}>
      {children}
    </TRPCProvider>
  );
  return (
    <PersistQueryClientProvider
      client={clients.queryClient}
      persistOptions={{
        persister: persister ?? serverPersister,
        maxAge: KEEP_MS,
        buster: "v1",
        dehydrateOptions: { shouldDehydrateQuery: () => false, shouldDehydrateMutation: isSubmission },
      }}
      onSuccess={() => resumePending(clients.queryClient)}
    >
      {content}
    </PersistQueryClientProvider>
  );
}
