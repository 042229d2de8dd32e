// The order and inquiry forms' submit button. While a submission is under way it says
// "Sending…" (aria-busy, disabled), in a box as wide as the wider of its two labels: a centred
// label that changes width slides the icon beside it sideways, a layout shift without user
// input once the answer takes more than 500 ms (seen by `pnpm bench:page-weight`). The hidden
// label is `invisible`, so it is neither seen nor part of the button's accessible name.
// Both forms lock it the same way: from the submission's phase and whether the form is still
// validating or holding a submit until the engine has loaded (`waiting`).
import { Button, cx } from "@once/ui";
import { useI18n } from "~/i18n/i18n-provider";
import type { SubmissionView } from "./use-submission";

export function SubmitButton({
  label,
  phase,
  waiting,
  icon,
}: {
  label: string;
  phase: SubmissionView["phase"];
  /** Validating (which may wait for the engine to load) or holding a submit until it has. */
  waiting: boolean;
  /** Drawn by the server page (./send-icon.tsx). */
  icon: React.ReactNode;
}) {
  const { t } = useI18n();
  const sending = phase === "submitting" || waiting;
  const disabled = phase !== "form" || waiting;
  const stacked = "col-start-1 row-start-1";
  return (
    <Button type="submit" variant="primary" size="lg" block disabled={disabled} aria-busy={sending}>
      {icon}
      <span className="grid text-center">
        <span className={cx(stacked, sending && "invisible")}>{label}</span>
        <span className={cx(stacked, !sending && "invisible")}>{t("form.submitting")}</span>
      </span>
    </Button>
  );
}
