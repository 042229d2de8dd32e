// The inquiry page. `?guide=<slug>` (from a guide's page) makes the inquiry one about that guide:
// the form says so and sends the guide with it (sales see it; an assignment rule may route it).
// For a guide out of stock the message starts with a request to be told when it is back, so the
// customer only has to add their own words.
// An unknown slug is ignored: the page is a plain inquiry.
import type { Metadata } from "next";
import { TRPCError } from "@trpc/server";
import { Card, PageHeader } from "@once/ui";
import { Clock, Icon, Mail, Phone } from "@once/ui/icons";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { HeldNote } from "~/submission/held-note";
import { sendIcon } from "~/submission/send-icon";
import { getQueryClient, trpc } from "~/trpc/server";
import { LeadForm } from "./lead-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await getLocale());
  return { title: t("contact.heading"), description: t("contact.intro") };
}

async function guideAsked(slug: string | undefined, zh: boolean): Promise<{ slug: string; title: string; inStock: boolean } | null> {
  if (!slug || slug.length > 80) return null;
  const guide = await getQueryClient()
    .fetchQuery(trpc.catalog.bySlug.queryOptions({ slug }))
    .catch((error: unknown) => {
      if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) return null;
      throw error;
    });
  return guide ? { slug: guide.slug, title: zh ? guide.titleZh : guide.titleEn, inStock: guide.inStock } : null;
}

export default async function ContactPage({ searchParams }: { searchParams: Promise<{ guide?: string | string[] }> }) {
  const [locale, query] = await Promise.all([getLocale(), searchParams]);
  const t = translator(locale);
  const guide = await guideAsked(typeof query.guide === "string" ? query.guide : undefined, locale === "zh-CN");
  const steps = [
    { icon: Mail, text: t("contact.step1") },
    { icon: Clock, text: t("contact.step2") },
    { icon: Phone, text: t("contact.step3") },
  ];
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_32rem] lg:gap-12">
      <div>
        <PageHeader title={t("contact.heading")} lead={t("contact.intro")} />
        <ol className="space-y-4">
          {steps.map(({ icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-ink">
              <span aria-hidden className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
                <Icon node={icon} className="size-4" />
              </span>
              <span className="pt-1.5">{text}</span>
            </li>
          ))}
        </ol>
      </div>
      <Card>
        <h2 className="mb-5 text-xl font-semibold">{t("contact.formHeading")}</h2>
        <LeadForm
          initialContent={guide && !guide.inStock ? t("contact.aboutGuide", { title: guide.title }) : ""}
          guide={guide}
          sendIcon={sendIcon}
          heldNote={<HeldNote t={t} />}
        />
      </Card>
    </div>
  );
}
