// Track an order or inquiry from any device, by its number and the phone given with it.
import type { Metadata } from "next";
import { PageHeader } from "@once/ui";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { TrackForm } from "./track-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await getLocale())("track.heading"), robots: { index: false } };
}

export default async function TrackPage() {
  const t = translator(await getLocale());
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={t("track.heading")} lead={t("track.intro")} />
      <TrackForm />
    </div>
  );
}
