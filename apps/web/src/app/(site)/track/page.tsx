// Track an order or inquiry from any device, by its number and the phone given with it.
import type { Metadata } from "next";
import { PageHeader } from "@once/ui";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { refusalOf, TrackForm } from "./track-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await getLocale())("track.heading"), robots: { index: false } };
}

/** The address a refused look-up comes back to (./look-up/route.ts): the number and the refusal's code, never the phone. */
type Search = { number?: string | string[]; refusal?: string | string[]; wait?: string | string[] };

export default async function TrackPage({ searchParams }: { searchParams: Promise<Search> }) {
  const [search, locale] = await Promise.all([searchParams, getLocale()]);
  const t = translator(locale);
  const wait = Number(search.wait);
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={t("track.heading")} lead={t("track.intro")} />
      <TrackForm
        t={t}
        number={typeof search.number === "string" ? search.number.slice(0, 40) : ""}
        refusal={refusalOf(search.refusal)}
        waitSeconds={Number.isInteger(wait) && wait > 0 && wait < 86_400 ? wait : undefined}
      />
    </div>
  );
}
