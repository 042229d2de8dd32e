// Server-side tRPC for React Server Components: prefetch or read queries with the same router
// the HTTP endpoint serves. Hand a prefetched cache to the browser with ./hydrate-client.tsx
// (kept apart so pages that only read on the server ship no client cache code).
import "server-only";
import { cache } from "react";
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
