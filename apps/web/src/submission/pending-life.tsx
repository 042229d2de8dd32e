"use client";
// Signs of life while a result is pending: how long ago it was sent, when the next check is,
// and what the customer's own "check now" found. Ticks once a second while shown.
import { useEffect, useState } from "react";
import { cx, IndeterminateProgress } from "@once/ui";
import { useI18n } from "~/i18n/i18n-provider";
import type { CheckAnswer, SubmissionView } from "./use-submission";

type PendingView = Extract<SubmissionView, { phase: "pending" }>;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function PendingLife({ view, checking, checkAnswer }: { view: PendingView; checking: boolean; checkAnswer: CheckAnswer | null }) {
  const { t, locale } = useI18n();
  const now = useNow();
  const since = Math.max(0, Math.round((now - view.vars.submittedAt) / 1000));
  const elapsed = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const ago =
    since < 60
      ? elapsed.format(-since, "second")
      : since < 3600
        ? elapsed.format(-Math.floor(since / 60), "minute")
        : elapsed.format(-Math.floor(since / 3600), "hour");
  const nextIn = view.nextAttemptAt ? Math.max(0, Math.ceil((view.nextAttemptAt - now) / 1000)) : undefined;
  const next = checking
    ? t("status.pending.checking")
    : view.offline
      ? t("status.pending.waitingOnline")
      : nextIn !== undefined && nextIn > 0
        ? t("status.pending.nextIn", { n: nextIn })
        : t("status.pending.checkingSoon");
  return (
    <div className="space-y-2 pt-1">
      {/* Hidden (also from screen readers), not removed, while offline: the lines below keep their place. */}
      <IndeterminateProgress label={t("status.pending.title")} className={cx("bg-warning/20 [&>div]:bg-warning", view.offline && "invisible")} />
      {/* Two lines of their own, each one text node: on one line the text grew and shrank each
          second, moving its second half sideways and, on a phone, wrapping to a second line and
          back (the whole page below jumping). Two short lines keep their height. */}
      <div className="text-ink-muted" data-testid="pending-since">
        <p>{t("status.pending.since", { ago })}</p>
        <p>{next}</p>
      </div>
      {/* Never sent yet (paused before its first attempt): it is only on this device. */}
      {view.offline ? <p data-testid="offline-note">{t(view.attempts === 0 ? "status.savedOffline" : "status.pending.offline")}</p> : null}
      <p id="check-answer" data-testid="check-answer" className="font-medium empty:hidden">
        {checkAnswer ? t(`status.check.${checkAnswer}`) : ""}
      </p>
    </div>
  );
}
