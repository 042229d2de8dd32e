"use client";
// What the customer sees after pressing submit. One live region, always present and of a
// reserved height, so state changes are announced and never shift the layout. Part of the
// engine (./engine.tsx); until the engine is here the form shows ./empty-status.tsx.
import { useI18n } from "~/i18n/i18n-provider";
import type { MessageKey } from "~/i18n/messages";
import type { SubmissionView } from "./use-submission";

export interface SubmissionStatusProps {
  view: SubmissionView;
  kind: "order" | "lead";
  checking: boolean;
  onCheckNow: () => void;
  onEdit: () => void;
  onStartNew: () => void;
}

const REJECTION_KEYS = ["GUIDE_NOT_FOUND", "OUT_OF_STOCK", "LIMIT_REACHED", "DAILY_LIMIT_REACHED", "IDEMPOTENCY_KEY_EXPIRED", "UNAUTHENTICATED"] as const;

export function SubmissionStatus({ view, kind, checking, onCheckNow, onEdit, onStartNew }: SubmissionStatusProps) {
  const { t } = useI18n();
  return (
    <div className="submission-status" data-phase={view.phase} data-testid="submission-status">
      <div role="status" aria-live="polite" aria-atomic="true">
        {view.phase === "submitting" ? <p className="status-line">{t("status.submitting")}</p> : null}
        {view.phase === "pending" ? (
          <div className="status-box status-pending">
            <p className="status-title">{t("status.pending.title")}</p>
            <p>{t("status.pending.body")}</p>
            {view.offline ? <p data-testid="offline-note">{t("status.pending.offline")}</p> : null}
          </div>
        ) : null}
        {view.phase === "attention" ? (
          <div className="status-box status-attention">
            <p className="status-title">{t("status.attention.title")}</p>
            {view.reason === "session" ? (
              <p data-testid="attention-session">{t("status.attention.session", { reference: view.vars.key })}</p>
            ) : (
              <p>{t("status.attention.body")}</p>
            )}
          </div>
        ) : null}
        {view.phase === "confirmed" ? (
          <div className="status-box status-confirmed">
            <p className="status-title" data-testid="confirmed-number" data-number={view.result.number}>
              {kind === "order" ? t("status.confirmed.order", { number: view.result.number }) : t("status.confirmed.lead", { number: view.result.number })}
            </p>
            {view.vars.redacted ? <p data-testid="details-not-kept">{t("status.detailsNotKept")}</p> : null}
          </div>
        ) : null}
        {view.phase === "refused" ? (
          <div className="status-box status-refused" data-code={view.code}>
            {view.code === "IDEMPOTENCY_KEY_REUSED" && view.boundTo ? (
              <>
                <p className="status-title">{t("status.conflict.title")}</p>
                <p>
                  {t("status.conflict.body", {
                    outcome: view.boundTo.outcome,
                    status: view.boundTo.status,
                    result: view.boundTo.resultId ? `, ${view.boundTo.resultId.slice(0, 8)}` : "",
                  })}
                </p>
              </>
            ) : (
              <p className="status-title">
                {t(((REJECTION_KEYS as readonly string[]).includes(view.code) ? `status.rejected.${view.code}` : "status.rejected.other") as MessageKey)}
              </p>
            )}
            {view.vars.redacted ? <p data-testid="details-not-kept">{t("status.detailsNotKept")}</p> : null}
          </div>
        ) : null}
      </div>
      <div className="status-actions">
        {view.phase === "pending" ? (
          <>
            <button type="button" onClick={onCheckNow} disabled={checking}>
              {checking ? t("status.pending.checking") : t("status.pending.checkNow")}
            </button>
            <button type="button" className="link-button" onClick={onEdit}>
              {t("status.pending.edit")}
            </button>
          </>
        ) : null}
        {view.phase === "confirmed" ? (
          <button type="button" onClick={onStartNew}>
            {kind === "order" ? t("status.confirmed.again") : t("status.confirmed.newLead")}
          </button>
        ) : null}
        {view.phase === "refused" || view.phase === "attention" ? (
          <button type="button" onClick={onStartNew}>
            {t("status.startOver")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
