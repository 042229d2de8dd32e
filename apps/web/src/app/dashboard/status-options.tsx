"use client";
// The lead statuses as <option>s in the reader's language (filters, bulk change, the lead page).
import { LEAD_STATUSES, type LeadStatus } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";

export function StatusOptions({ except }: { except?: LeadStatus }) {
  const { t } = useDashboard();
  return (
    <>
      {LEAD_STATUSES.filter((s) => s !== except).map((s) => (
        <option key={s} value={s}>
          {t(`common.status.${s}`)}
        </option>
      ))}
    </>
  );
}
