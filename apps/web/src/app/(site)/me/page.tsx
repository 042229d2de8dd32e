// This browser's orders and inquiries: confirmed ones from the server, plus any still waiting
// for confirmation on this device. /me carries personal data: never cached (see server.mjs).
import type { Metadata } from "next";
import { PageHeader } from "@once/ui";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { HydrateClient } from "~/trpc/hydrate-client";
import { getQueryClient, trpc } from "~/trpc/server";
import { TRPCReactProvider } from "~/trpc/react";
import { MyHistory } from "./my-history";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await getLocale());
  return { title: t("me.heading") };
}

export default async function MePage() {
  const t = translator(await getLocale());
  const queryClient = getQueryClient();
  await Promise.all([queryClient.prefetchQuery(trpc.me.history.queryOptions()), queryClient.prefetchQuery(trpc.catalog.list.queryOptions())]);
  return (
    <TRPCReactProvider>
      <HydrateClient>
        <PageHeader
          title={t("me.heading")}
          lead={
            <>
              {t("me.intro")}{" "}
              <a href="/track" className="font-medium text-brand underline-offset-2 hover:underline">
                {t("track.fromAnotherDevice")}
              </a>
            </>
          }
        />
        <MyHistory />
      </HydrateClient>
    </TRPCReactProvider>
  );
}
