// The catalog's cards: cover, both titles, what it is, stock, and the way to order. A server
// component: the cards are static markup, so the catalog hydrates nothing for them and ships
// no query cache (see ./page.tsx).
import { cardClasses, cx } from "@once/ui";
import { ArrowRight, Icon } from "@once/ui/icons";
import { Cover } from "~/catalog/cover";
import { GuideBadges } from "~/catalog/guide-badges";
import { guideDetails } from "~/catalog/guide-details";
import type { Locale, Translate } from "~/i18n/messages";
import type { GuideSummary } from "@once/api/client";

export function GuideList({ guides, t, locale }: { guides: readonly GuideSummary[]; t: Translate; locale: Locale }) {
  const zh = locale === "zh-CN";
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("guides.heading")}>
      {guides.map((guide, index) => {
        const details = guideDetails(guide.slug);
        return (
          <li key={guide.slug} className={cx(cardClasses, "group relative flex flex-col overflow-hidden")} data-testid="guide-card">
            <Cover
              src={details.cover}
              sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 100vw"
              priority={index === 0}
              className="aspect-[4/3] w-full bg-surface-muted object-cover"
            />
            <div className="flex flex-1 flex-col gap-2 p-5">
              <GuideBadges inStock={guide.inStock} t={t} />
              <h2 className="text-lg leading-snug font-semibold">
                {/* The whole card is the link's target (the ::after overlay), read once as the title. */}
                <a href={`/guides/${guide.slug}`} className="text-ink after:absolute after:inset-0 group-hover:text-brand">
                  {zh ? guide.titleZh : guide.titleEn}
                </a>
              </h2>
              <p className="text-sm text-ink-muted" lang={zh ? "en" : "zh-CN"}>
                {zh ? guide.titleEn : guide.titleZh}
              </p>
              <p className="text-sm text-ink">{zh ? guide.summaryZh : guide.summaryEn}</p>
              <p className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-brand">
                {guide.inStock ? t("guides.view") : t("guides.viewOutOfStock")}
                <Icon node={ArrowRight} className="size-4 transition-transform group-hover:translate-x-0.5" />
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
