// A lead's status as a badge, in the reader's language; the tone follows the workflow.
import { Badge } from "@once/ui";
import type { LeadStatus } from "@once/db/domain";
import type { DashboardTranslate } from "~/i18n/dashboard";

const TONE = { new: "brand", contacted: "neutral", qualified: "warning", won: "success", lost: "danger" } as const;

export function LeadStatusBadge({ status, t }: { status: LeadStatus; t: DashboardTranslate }) {
  return (
    <Badge tone={TONE[status]} data-status={status} className="whitespace-nowrap">
      {t(`common.status.${status}`)}
    </Badge>
  );
}
