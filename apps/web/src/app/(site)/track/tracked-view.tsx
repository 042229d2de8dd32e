// An order's or inquiry's progress as the customer sees it (@once/api's `Tracked`: only what
// they gave, the steps and their times; a shipped step's carrier, named in the customer's
// language, tracking number and a link to follow the parcel), drawn by the server page
// ./[number]/page.tsx with its `t` and locale: no client code.
import type { Tracked } from "@once/api";
import { Badge, Card } from "@once/ui";
import type { Locale, MessageKey, Translate } from "~/i18n/messages";

const DONE_TONE = { delivered: "success", closed: "success", cancelled: "neutral" } as const;

export function TrackedView({ tracked, t, locale }: { tracked: Tracked; t: Translate; locale: Locale }) {
  const when = (at: Date) => new Date(at).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  const step = (s: string) => t(`track.step.${s}` as MessageKey);
  return (
    <Card data-testid="tracked" data-number={tracked.number} data-status={tracked.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{t(tracked.kind === "order" ? "track.order" : "track.inquiry", { number: tracked.number })}</h2>
        <Badge tone={DONE_TONE[tracked.status as keyof typeof DONE_TONE] ?? "brand"}>{step(tracked.status)}</Badge>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {tracked.kind === "order" ? (
          <>
            <dt className="text-ink-muted">{t("track.guide")}</dt>
            <dd className="text-ink">
              {locale === "zh-CN" ? tracked.titleZh : tracked.titleEn} × {tracked.quantity}
            </dd>
            {tracked.name || tracked.address ? (
              <>
                <dt className="text-ink-muted">{t("track.deliverTo")}</dt>
                <dd className="break-words whitespace-pre-line text-ink">{[tracked.name, tracked.address].filter(Boolean).join("\n")}</dd>
              </>
            ) : null}
          </>
        ) : (
          <>
            <dt className="text-ink-muted">{t("track.message")}</dt>
            <dd className="break-words text-ink">{tracked.excerpt}</dd>
          </>
        )}
        {tracked.phone ? (
          <>
            <dt className="text-ink-muted">{t("track.phoneShown")}</dt>
            <dd className="font-mono text-ink">{tracked.phone}</dd>
          </>
        ) : null}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-ink">{t("track.progress")}</h3>
      <ol className="mt-3 space-y-4 border-s-2 border-line ps-5" data-testid="track-steps">
        {tracked.steps.map((s, i) => (
          <li key={`${s.step}-${i}`} className="relative" data-step={s.step}>
            <span
              aria-hidden
              className={`absolute -start-[1.72rem] top-1 size-3 rounded-full border-2 border-surface ${i === tracked.steps.length - 1 ? "bg-brand" : "bg-line-strong"}`}
            />
            <p className="font-medium text-ink">{step(s.step)}</p>
            <p className="text-sm text-ink-muted">
              <time data-changing>{when(s.at)}</time>
            </p>
            {"carrier" in s && s.carrier ? (
              <p className="text-sm text-ink" data-testid="carrier">
                {t("track.carrier", { carrier: locale === "zh-CN" ? s.carrier.zh : s.carrier.en })}
              </p>
            ) : null}
            {"trackingNumber" in s && s.trackingNumber ? (
              <p className="text-sm break-all text-ink" data-testid="tracking-number">
                {t("track.trackingNumber", { number: s.trackingNumber })}
              </p>
            ) : null}
            {"trackingUrl" in s && s.trackingUrl ? (
              // The carrier's own page (or kuaidi100's), in a new tab: this page stays where it was, and is not named to it.
              <a
                href={s.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-6 items-center text-sm font-medium text-brand underline-offset-2 hover:underline"
                data-testid="tracking-link"
              >
                {t("track.followParcel")} <span aria-hidden>&nbsp;↗</span>
                <span className="sr-only"> {t("track.newTab")}</span>
              </a>
            ) : null}
            {"reason" in s && s.reason ? (
              <p className="text-sm break-words text-ink" data-testid="cancel-reason">
                {t("track.reason", { reason: s.reason })}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
