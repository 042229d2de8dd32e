"use client";
// The message area at the top of an admin page (staff accounts, assignment): the outcome of the
// last change, and the page's own load error. The forms sit below the lists, on a phone a screen
// or more away: each new outcome is scrolled into view where the reader is looking.
import { Notice } from "@once/ui";
import { CircleAlert, Icon } from "@once/ui/icons";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { errorText } from "./error-text";
import { useRevealOutcome } from "./use-reveal-outcome";

export type PageMessage = { tone: "success" | "danger"; text: string };

export function PageMessages({ message, loadError, testId }: { message: PageMessage | null; loadError: unknown; testId: string }) {
  const { t } = useDashboard();
  const area = useRevealOutcome<HTMLDivElement>(message);
  return (
    <>
      <div aria-live="polite" ref={area}>
        {message ? (
          <Notice tone={message.tone} icon={message.tone === "danger" ? <Icon node={CircleAlert} /> : undefined} data-testid={testId}>
            {message.text}
          </Notice>
        ) : null}
      </div>
      {loadError ? (
        <Notice tone="danger" role="alert">
          {errorText(loadError, t)}
        </Notice>
      ) : null}
    </>
  );
}
