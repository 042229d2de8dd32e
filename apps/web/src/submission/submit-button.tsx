// The order and inquiry forms' submit button. While a submission is under way it says
// "Sending…" (aria-busy, disabled), in a box as wide as the wider of its two labels: a centred
// label that changes width slides the icon beside it sideways, a layout shift without user
// input once the answer takes more than 500 ms (seen by `pnpm bench:page-weight`). The hidden
// label is `invisible`, so it is neither seen nor part of the button's accessible name.
// Both forms lock it the same way: from the submission's phase and whether the form is still
// validating or holding a press until the engine has it (`waiting`). The label follows the
// button's own aria-busy in CSS, so it also reads "Sending…" when ./early-press.ts marked the
// button busy before React was there.
import { Button } from "@once/ui";
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
  return (
    <Button type="submit" variant="primary" size="lg" block disabled={disabled} aria-busy={sending} className="group/submit">
      {icon}
      <span className="grid text-center">
        <span className="col-start-1 row-start-1 group-aria-busy/submit:invisible">{label}</span>
        <span className="invisible col-start-1 row-start-1 group-aria-busy/submit:visible">{t("form.submitting")}</span>
      </span>
    </Button>
  );
}
