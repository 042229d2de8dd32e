// The catalog: prefetched on the server through tRPC, hydrated into TanStack Query.
import { HydrateClient, getQueryClient, trpc } from "~/trpc/server";
import { GuideList } from "./guide-list";

export const dynamic = "force-dynamic";
export const metadata = { title: "Guides" };

export default async function GuidesPage() {
  await getQueryClient().prefetchQuery(trpc.catalog.list.queryOptions());
  return (
    <HydrateClient>
      <h1>Sample guides</h1>
      <GuideList />
    </HydrateClient>
  );
}
