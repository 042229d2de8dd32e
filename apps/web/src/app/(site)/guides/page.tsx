// The catalog: read through tRPC on the server and rendered there; nothing on it needs the
// browser's query cache, so the page ships none (a smaller first load, less to hydrate).
import type { Metadata } from "next";
import { PageHeader } from "@once/ui";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { getQueryClient, trpc } from "~/trpc/server";
import { GuideList } from "./guide-list";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await getLocale());
  // The catalog is the home page: its title is the shop's name alone.
  return { title: { absolute: t("site.title") }, description: t("guides.lead") };
}

export default async function GuidesPage() {
  const [locale, guides] = await Promise.all([getLocale(), getQueryClient().fetchQuery(trpc.catalog.list.queryOptions())]);
  const t = translator(locale);
  return (
    <>
      <PageHeader eyebrow={t("guides.eyebrow")} title={t("guides.heading")} lead={t("guides.lead")} />
      <GuideList guides={guides} t={t} locale={locale} />
    </>
  );
}
