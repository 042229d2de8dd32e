// One order or inquiry by its number (the receipt's and /me's link). The session that sent it
// sees it at once; any other device is asked for the phone given with it (../track-form.tsx),
// and learns nothing until both match. Personal data: rendered per request, never cached.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { PageHeader } from "@once/ui";
import { findOwn } from "@once/api";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { prisma } from "~/server/prisma";
import { customerIdFromRequest } from "~/server/session";
import { TrackForm } from "../track-form";
import { TrackedView } from "../tracked-view";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await getLocale())("track.heading"), robots: { index: false } };
}

export default async function TrackNumberPage({ params }: { params: Promise<{ number: string }> }) {
  const [{ number: raw }, locale] = await Promise.all([params, getLocale()]);
  const t = translator(locale);
  const number = raw.slice(0, 40);
  const own = await findOwn(prisma(), await customerIdFromRequest(await headers()), number);
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={t("track.heading")} lead={own ? undefined : t("track.ownHint", { number })} />
      {own ? <TrackedView tracked={own} t={t} locale={locale} /> : <TrackForm number={number} />}
    </div>
  );
}
