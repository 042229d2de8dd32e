// The catalog: prefetched on the server through tRPC, hydrated into TanStack Query.
import type { Metadata } from "next";
import { PageHeader } from "@once/ui";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { HydrateClient } from "~/trpc/hydrate-client";
import { getQueryClient, trpc } from "~/trpc/server";
import { TRPCReactProvider } from "~/trpc/react";
import { GuideList } from "./guide-list";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await getLocale());
  // The catalog is the home page: its title is the shop's name alone.
  return { title: { absolute: t("site.title") }, description: t("guides.lead") };
}

export default async function GuidesPage() {
  const t = translator(await getLocale());
  await getQueryClient().prefetchQuery(trpc.catalog.list.queryOptions());
  return (
    <TRPCReactProvider>
      <HydrateClient>
        <PageHeader eyebrow={t("guides.eyebrow")} title={t("guides.heading")} lead={t("guides.lead")} />
        <GuideList />
      </HydrateClient>
    </TRPCReactProvider>
  );
}
