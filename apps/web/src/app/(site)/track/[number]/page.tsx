// One order or inquiry by its number (the receipt's and /me's link). The session that sent it
// sees it at once, and so does a browser that has just given the right phone (the look-up's
// grant, ../look-up/route.ts); any other is asked for the phone given with it
// (../track-form.tsx), and learns nothing until both match. The session that placed an order may
// cancel it here while it is still received (./cancel-form.tsx). Personal data: rendered per
// request, never cached.
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { Card, PageHeader } from "@once/ui";
import { findOwn, holdsGrant, TRACK_GRANT_COOKIE } from "@once/api";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { prisma } from "~/server/prisma";
import { customerIdFromRequest, sessionSigning } from "~/server/session";
import { HeldNote } from "~/submission/held-note";
import { TrackForm } from "../track-form";
import { TrackedView } from "../tracked-view";
import { CancelForm } from "./cancel-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await getLocale())("track.heading"), robots: { index: false } };
}

export default async function TrackNumberPage({ params }: { params: Promise<{ number: string }> }) {
  const [{ number: raw }, locale] = await Promise.all([params, getLocale()]);
  const t = translator(locale);
  const number = raw.slice(0, 40);
  const granted = await holdsGrant(sessionSigning(), (await cookies()).get(TRACK_GRANT_COOKIE)?.value, number);
  const customerId = await customerIdFromRequest(await headers());
  // Its own session first: only that one may cancel (a phone's grant shows, it does not act).
  const own = await findOwn(prisma(), customerId, number);
  const shown = own ?? (granted ? await findOwn(prisma(), customerId, number, true) : null);
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={t("track.heading")} lead={shown ? undefined : t("track.ownHint", { number })} />
      {shown ? (
        <div className="space-y-4">
          <TrackedView tracked={shown} t={t} locale={locale} />
          {own?.kind === "order" && own.status === "received" ? (
            <Card>
              <CancelForm number={own.number} heldNote={<HeldNote t={t} />} />
            </Card>
          ) : null}
          <a href="/track" className="inline-block text-sm font-medium text-brand underline-offset-2 hover:underline">
            {t("track.another")}
          </a>
        </div>
      ) : (
        <TrackForm t={t} number={number} />
      )}
    </div>
  );
}
