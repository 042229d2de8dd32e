// Hands the server's prefetched queries (./server.ts) to the browser's TanStack Query cache.
import "server-only";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getQueryClient } from "./server";

export function HydrateClient({ children }: { children: React.ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}
