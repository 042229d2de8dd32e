"use client";
// tRPC + TanStack Query for pages that render queries (catalog, /me, dashboard): the tab's one
// pair of clients (./browser-clients.ts), provided through React context. The order and
// inquiry forms do not need this: they load the same clients after hydration.
import { useEffect, useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@once/api/client";
import { getClients, restoreSubmissions } from "./browser-clients";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function TRPCReactProvider({ children }: { children: React.ReactNode }) {
  const [{ queryClient, trpcClient }] = useState(getClients);
  useEffect(() => void restoreSubmissions(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
