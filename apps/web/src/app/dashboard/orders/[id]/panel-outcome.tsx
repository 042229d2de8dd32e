"use client";
// One action panel's message line on the order page: what its last action came to (saved,
// refused, a conflict with its reload button), in an area that is brought into view when the
// outcome arrives (on a phone it is often below the screen's foot when the button is pressed).
import { Button } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { protocolCode } from "../../protocol-code";
import { settledAt, useRevealOutcome } from "../../use-reveal-outcome";

interface Outcome {
  isSuccess: boolean;
  isError: boolean;
  submittedAt: number;
  error: unknown;
}

export function PanelOutcome({ action, text, testId, onReload }: { action: Outcome; text: string; testId: string; onReload: () => void }) {
  const { t } = useDashboard();
  const area = useRevealOutcome<HTMLDivElement>(settledAt(action));
  return (
    <div ref={area}>
      <p role="status" className={action.isError ? "mt-3 text-sm font-medium text-danger" : "mt-3 text-sm text-ink-muted"} data-testid={testId}>
        {text}
      </p>
      {action.isError && protocolCode(action.error) === "STALE_VERSION" ? (
        <Button className="mt-2" onClick={onReload}>
          {t("common.reload")}
        </Button>
      ) : null}
    </div>
  );
}
