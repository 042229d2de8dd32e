// Server-side tRPC for React Server Components: prefetch queries with the same router the
// HTTP endpoint serves, then hand the cache to the browser through <HydrateClient>.
import "server-only";
import { cache } from "react";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { appRouter } from "@once/api";
import { createRequestContext } from "~/server/context";
import { makeQueryClient } from "./query-client";

export const getQueryClient = cache(makeQueryClient);

export const trpc = createTRPCOptionsProxy({
  ctx: cache(() => createRequestContext()),
  router: appRouter,
  queryClient: getQueryClient,
});

export function HydrateClient({ children }: { children: React.ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}
