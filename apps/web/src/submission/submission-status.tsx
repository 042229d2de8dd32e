"use client";
// What the customer sees after pressing submit. One live region, always present, so every
// state change is announced; when the state changes after a submission it is scrolled into view
// and focused (on a desktop screen the form's end can be below the fold). Part of the engine
// (./engine.tsx); until the engine is here the form shows ./empty-status.tsx.
import { useEffect, useRef } from "react";
import { Button, buttonClasses, IndeterminateProgress, Notice } from "@once/ui";
import { ArrowRight, CircleAlert, Clock, Icon, RefreshCw, TriangleAlert, WifiOff } from "@once/ui/icons";
import { REJECTION_CODES } from "@once/api/schemas";
import { useI18n } from "~/i18n/i18n-provider";
import type { MessageKey } from "~/i18n/messages";
import { PendingLife } from "./pending-life";
import type { OperationType } from "./registry";
import { Receipt } from "./receipt";
import { RECEIPT_WORDS } from "./receipt-words";
import type { Submission, SubmissionView } from "./use-submission";

export interface SubmissionStatusProps {
  /** The form's submission: its view, the "check now" and "edit" actions and their state. */
  submission: Pick<Submission, "view" | "checking" | "checkAnswer" | "checkNow" | "editPending" | "startNew">;
  kind: OperationType;
  /** What "start again" does, when the form has more to reset than a new key. */
  onStartNew?: () => void;
  /** The guide's title in the page's language (orders), for the receipt. */
  subject?: string;
}

// The refusals with a text of their own: every business rejection (@once/api's one list) and
// the two protocol refusals a customer can meet. A code without its message does not compile.
const REJECTION_KEYS = [...REJECTION_CODES, "IDEMPOTENCY_KEY_EXPIRED", "UNAUTHENTICATED"] as const;
type RejectionKey = (typeof REJECTION_KEYS)[number];

function rejectionMessage(code: string): MessageKey {
  return (REJECTION_KEYS as readonly string[]).includes(code) ? (`status.rejected.${code as RejectionKey}` satisfies MessageKey) : "status.rejected.other";
}

/** Scrolls the region into view and focuses it whenever the phase changes after the first render. */
function useRevealOnChange(phase: SubmissionView["phase"]) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (phase === "form") return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    ref.current?.scrollIntoView({ block: "nearest", behavior: smooth ? "smooth" : "auto" });
    ref.current?.focus({ preventScroll: true });
  }, [phase]);
  return ref;
}

export function SubmissionStatus({ submission, kind, onStartNew = submission.startNew, subject }: SubmissionStatusProps) {
  const { view, checking, checkAnswer } = submission;
  const onCheckNow = () => void submission.checkNow();
  const onEdit = submission.editPending;
  const { t } = useI18n();
  const region = useRevealOnChange(view.phase);
  return (
    <div ref={region} tabIndex={-1} className="mt-5 scroll-mt-24 scroll-mb-6 outline-none empty:hidden" data-phase={view.phase} data-testid="submission-status">
      <div role="status" aria-live="polite" aria-atomic="true">
        {view.phase === "submitting" ? (
          <div className="space-y-2 py-2">
            <p className="text-sm font-medium text-ink-muted">{t("status.submitting")}</p>
            <IndeterminateProgress label={t("status.submitting")} />
          </div>
        ) : null}
        {view.phase === "pending" ? (
          <Notice
            tone="warning"
            icon={view.offline ? <Icon node={WifiOff} /> : <Icon node={Clock} />}
            title={t("status.pending.title")}
            data-testid="pending-notice"
          >
            <p>{t("status.pending.body")}</p>
            <PendingLife view={view} checking={checking} checkAnswer={checkAnswer} />
          </Notice>
        ) : null}
        {view.phase === "attention" ? (
          <Notice tone="danger" icon={<Icon node={TriangleAlert} />} title={t("status.attention.title")}>
            {view.reason === "session" ? (
              <p data-testid="attention-session">{t("status.attention.session", { reference: view.vars.key })}</p>
            ) : (
              <p>{t("status.attention.body")}</p>
            )}
          </Notice>
        ) : null}
        {view.phase === "confirmed" ? <Receipt kind={kind} vars={view.vars} result={view.result} subject={subject} /> : null}
        {view.phase === "refused" ? (
          <Notice tone="danger" icon={<Icon node={CircleAlert} />} data-code={view.code} data-testid="refusal">
            {view.code === "IDEMPOTENCY_KEY_REUSED" && view.boundTo ? (
              <>
                <p className="text-base font-semibold text-ink">{t("status.conflict.title")}</p>
                <p>
                  {t("status.conflict.body", {
                    outcome: view.boundTo.outcome,
                    status: view.boundTo.status,
                    result: view.boundTo.resultId ? `, ${view.boundTo.resultId.slice(0, 8)}` : "",
                  })}
                </p>
              </>
            ) : (
              <p className="text-base font-semibold text-ink">{t(rejectionMessage(view.code))}</p>
            )}
            {view.vars.redacted ? <p data-testid="details-not-kept">{t("status.detailsNotKept")}</p> : null}
          </Notice>
        ) : null}
      </div>
      {view.phase === "form" || view.phase === "submitting" ? null : (
        // A row per phase (key): the next phase's row is a new element, not this one moved by
        // a taller notice above it (a layout shift; BENCHMARKS.md, page weight).
        <div key={view.phase} className="mt-3 flex flex-wrap gap-2">
          {view.phase === "pending" ? (
            <>
              <Button onClick={onCheckNow} disabled={checking} aria-describedby="check-answer">
                <Icon node={RefreshCw} className={checking ? "animate-spin" : undefined} />
                {checking ? t("status.pending.checking") : t("status.pending.checkNow")}
              </Button>
              <Button variant="ghost" onClick={onEdit}>
                {t("status.pending.edit")}
              </Button>
            </>
          ) : null}
          {view.phase === "confirmed" ? (
            <>
              {RECEIPT_WORDS[kind].again ? (
                <Button variant="primary" onClick={onStartNew}>
                  {t(RECEIPT_WORDS[kind].again)}
                </Button>
              ) : null}
              <a href="/me" className={buttonClasses({ variant: "secondary" })}>
                {t(RECEIPT_WORDS[kind].history)}
                <Icon node={ArrowRight} />
              </a>
            </>
          ) : null}
          {view.phase === "refused" || view.phase === "attention" ? (
            <Button variant="primary" onClick={onStartNew}>
              {t("status.startOver")}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
