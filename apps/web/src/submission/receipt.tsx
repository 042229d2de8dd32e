"use client";
// The confirmation as a receipt: the number, what (guide and copies, or the inquiry's opening
// words), where to, when, and what happens next. Personal details are shown while this page
// still has them; a receipt restored from storage says they are not kept (./submission-client.ts).
import { CircleCheck, Icon } from "@once/ui/icons";
import { cx } from "@once/ui";
import { useI18n } from "~/i18n/i18n-provider";
import type { OperationType } from "./registry";
import type { ConfirmedResult, OperationVariables } from "./submission-types";
import { RECEIPT_WORDS } from "./receipt-words";

/** Where the number goes in a translated heading, so it can be wrapped in its own element. */
const NUMBER_SLOT = "\u0000";

interface ReceiptProps {
  kind: OperationType;
  vars: OperationVariables;
  result: ConfirmedResult;
  subject?: string;
  /** One line above a fresh form instead of the full receipt. */
  compact?: boolean;
}

export function Receipt({ kind, vars, result, subject, compact }: ReceiptProps) {
  const { t, locale } = useI18n();
  const words = RECEIPT_WORDS[kind];
  const read = { params: vars.params, t, titleOf: (slug: string) => subject ?? slug };
  const when = new Date(vars.submittedAt).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  const what = words.what(read);
  const number = (
    <span data-testid="confirmed-number" data-number={result.number} className="font-mono font-semibold tracking-wide">
      {result.number}
    </span>
  );
  if (compact) {
    return (
      <div className="flex items-start gap-2 rounded-card border border-success/30 bg-success-soft px-4 py-3 text-sm" data-testid="last-receipt">
        <Icon node={CircleCheck} className="mt-0.5 size-4 shrink-0 text-success" />
        <p className="min-w-0">
          {t(words.last)} {number}
          {what ? <span className="text-ink-muted"> · {what}</span> : null}
          <span className="text-ink-muted">
            {" · "}
            <time data-changing>{when}</time>
          </span>{" "}
          <a href={`/me#${result.number}`} className="font-medium text-brand underline-offset-2 hover:underline">
            {t("receipt.details")}
          </a>
        </p>
      </div>
    );
  }
  const rows: [string, React.ReactNode][] = [
    [t("receipt.number"), number],
    ...(what ? [[t(words.whatLabel), what] as [string, React.ReactNode]] : []),
    ...(words.rows?.(read) ?? []).map(([label, value]): [string, React.ReactNode] => [t(label), value]),
    [t(words.sentAt), <time data-changing>{when}</time>],
  ];
  const [before, after = ""] = t(words.confirmed, { number: NUMBER_SLOT }).split(NUMBER_SLOT);
  return (
    <div className="overflow-hidden rounded-card border border-success/30 bg-surface" data-testid="receipt">
      <div className="flex items-center gap-3 bg-success-soft px-5 py-4">
        <Icon node={CircleCheck} className="size-6 shrink-0 text-success" />
        <p className="text-lg font-semibold text-ink">
          {before}
          {/* Kept on one line (it would break at its hyphen) and marked as changing for screenshots. */}
          <span className="whitespace-nowrap" data-changing>
            {result.number}
          </span>
          {after}
        </p>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 px-5 py-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd className={cx("min-w-0 break-words text-ink")}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-1 border-t border-line px-5 py-3 text-sm">
        <p className="text-ink">
          {t(words.next)} {/* Its progress, from this device or any other (with the phone): app/(site)/track. */}
          <a href={`/track/${result.number}`} className="font-medium text-brand underline-offset-2 hover:underline" data-testid="track-link">
            {t("track.link")}
          </a>
        </p>
        {vars.redacted ? (
          <p className="text-ink-muted" data-testid="details-not-kept">
            {t("status.detailsNotKept")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
