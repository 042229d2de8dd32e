// The catalog: prefetched on the server through tRPC, hydrated into TanStack Query.
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { HydrateClient } from "~/trpc/hydrate-client";
import { getQueryClient, trpc } from "~/trpc/server";
import { TRPCReactProvider } from "~/trpc/react";
import { GuideList } from "./guide-list";

export const dynamic = "force-dynamic";
export const metadata = { title: "Guides" };

export default async function GuidesPage() {
  const t = translator(await getLocale());
  await getQueryClient().prefetchQuery(trpc.catalog.list.queryOptions());
  return (
    <TRPCReactProvider>
      <HydrateClient>
        <h1>{t("guides.heading")}</h1>
        <GuideList />
      </HydrateClient>
    </TRPCReactProvider>
  );
}
