// One QueryClient recipe for the server (prefetch + dehydrate) and the browser (hydrate).
// superjson on both sides so Dates and the like survive the trip.
import { defaultShouldDehydrateQuery, QueryClient } from "@tanstack/react-query";
import { transformer } from "@once/api/client";

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false },
      dehydrate: {
        serializeData: transformer.serialize,
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
      hydrate: { deserializeData: transformer.deserialize },
    },
  });
}
