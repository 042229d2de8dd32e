// One guide and its order form. The guide is read through tRPC on the server and handed to the
// form as props: the page ships no query cache, so its first load stays small. An out-of-stock
// guide shows why instead of a form, and offers an inquiry about it.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { buttonClasses, Card, Notice } from "@once/ui";
import { ArrowRight, Check, Icon, PackageX, Truck } from "@once/ui/icons";
import { Cover } from "~/catalog/cover";
import { GuideBadges } from "~/catalog/guide-badges";
import { guideDetails } from "~/catalog/guide-details";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { HeldNote } from "~/submission/held-note";
import { sendIcon } from "~/submission/send-icon";
import { getQueryClient, trpc } from "~/trpc/server";
import { OrderForm } from "./order-form";

export const dynamic = "force-dynamic";

/** An unknown slug is a 404; any other failure (the database, say) is an error, not a 404. */
function notFoundAsNull(error: unknown): null {
  if (error instanceof TRPCError && error.code === "NOT_FOUND") return null;
  throw error;
}

async function loadGuide(slug: string) {
  return getQueryClient().fetchQuery(trpc.catalog.bySlug.queryOptions({ slug })).catch(notFoundAsNull);
}

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const { slug } = await params;
  const [locale, guide] = await Promise.all([getLocale(), loadGuide(slug)]);
  if (!guide) return { title: translator(locale)("notFound.title") };
  const zh = locale === "zh-CN";
  return { title: zh ? guide.titleZh : guide.titleEn, description: zh ? guide.summaryZh : guide.summaryEn };
}

export default async function GuidePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const [locale, guide] = await Promise.all([getLocale(), loadGuide(slug)]);
  if (!guide) notFound();
  const t = translator(locale);
  const zh = locale === "zh-CN";
  const title = zh ? guide.titleZh : guide.titleEn;
  const details = guideDetails(guide.slug);
  const contents = details.contents[locale];
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start lg:gap-10">
      <article className="space-y-6">
        <nav aria-label={t("guide.breadcrumb")} className="text-sm text-ink-muted">
          <a href="/guides" className="hover:text-ink hover:underline">
            {t("nav.guides")}
          </a>
          <span aria-hidden> / </span>
          <span>{title}</span>
        </nav>
        <div className="grid gap-6 sm:grid-cols-[14rem_minmax(0,1fr)] sm:items-start">
          <Cover
            src={details.cover}
            sizes="(min-width: 640px) 224px, 100vw"
            priority
            className="aspect-[4/3] w-full rounded-card border border-line object-cover"
          />
          <div className="space-y-2">
            <GuideBadges inStock={guide.inStock} t={t} />
            <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
            <p className="text-ink-muted" lang={zh ? "en" : "zh-CN"}>
              {zh ? guide.titleEn : guide.titleZh}
            </p>
            <p className="text-ink">{zh ? guide.summaryZh : guide.summaryEn}</p>
          </div>
        </div>
        {contents.length ? (
          <section aria-labelledby="contents-heading" className="space-y-3">
            <h2 id="contents-heading" className="text-lg font-semibold">
              {t("guide.contents")}
            </h2>
            <ul className="space-y-2">
              {contents.map((line) => (
                <li key={line} className="flex gap-2 text-ink">
                  <Icon node={Check} className="mt-1 size-4 shrink-0 text-success" />
                  {line}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="flex items-start gap-2 rounded-card bg-surface-muted p-4 text-sm text-ink">
          <Icon node={Truck} className="mt-0.5 size-4 shrink-0 text-brand" />
          {details.pages ? t("guide.format", { pages: details.pages }) : t("guide.formatNoPages")}
        </p>
      </article>
      <Card>
        <h2 className="mb-1 text-xl font-semibold">{t("guides.order")}</h2>
        {guide.inStock ? (
          <>
            <p className="mb-5 text-sm text-ink-muted">{t("guide.orderIntro")}</p>
            <OrderForm slug={guide.slug} title={title} maxPerOrder={guide.maxPerOrder} sendIcon={sendIcon} heldNote={<HeldNote t={t} />} />
            <p className="mt-4 text-sm text-ink-muted">
              {t("guide.question")}{" "}
              <a href={`/contact?guide=${encodeURIComponent(guide.slug)}`} className="font-medium text-brand hover:underline">
                {t("guide.ask")}
              </a>
            </p>
          </>
        ) : (
          <Notice tone="warning" icon={<Icon node={PackageX} />} title={t("guide.soldOut.title")} data-testid="out-of-stock" className="mt-4">
            <p>{t("guide.soldOut.body")}</p>
            <a href={`/contact?guide=${encodeURIComponent(guide.slug)}`} className={buttonClasses({ variant: "primary", className: "mt-2" })}>
              {t("guide.soldOut.ask")}
              <Icon node={ArrowRight} />
            </a>
          </Notice>
        )}
      </Card>
    </div>
  );
}
