// This browser's orders and inquiries: confirmed ones from the server, plus any still waiting
// for confirmation on this device.
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { HydrateClient } from "~/trpc/hydrate-client";
import { getQueryClient, trpc } from "~/trpc/server";
import { TRPCReactProvider } from "~/trpc/react";
import { MyHistory } from "./my-history";

export const dynamic = "force-dynamic";

export default async function MePage() {
  const t = translator(await getLocale());
  await getQueryClient().prefetchQuery(trpc.me.history.queryOptions());
  return (
    <TRPCReactProvider>
      <HydrateClient>
        <h1>{t("me.heading")}</h1>
        <MyHistory />
      </HydrateClient>
    </TRPCReactProvider>
  );
}
