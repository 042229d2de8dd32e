"use client";
// The top of a lead opened from a message's take link (?take=1): one press takes a lead that
// still waits for its first response; otherwise the page says why there is nothing to take
// (already answered, or merged into another lead, which it links to). The press is the same
// update as the "I'll take it" button below, sent with the version this page saw.
import Link from "next/link";
import { Button, Notice } from "@once/ui";
import { CircleAlert, CircleCheck, Clock, Icon } from "@once/ui/icons";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";

export interface TakeOfferProps {
  number: string;
  selfId: string;
  owner: { id: string; name: string } | null;
  answered: boolean;
  mergedInto: { id: string; number: string } | null;
  busy: boolean;
  onTake: () => void;
}

export function TakeOffer({ number, selfId, owner, answered, mergedInto, busy, onTake }: TakeOfferProps) {
  const { t } = useDashboard();
  if (mergedInto)
    return (
      <Notice data-testid="take-offer" tone="warning" icon={<Icon node={CircleAlert} />}>
        {t("lead.take.merged", { number: mergedInto.number })}{" "}
        <Link className="font-medium text-brand hover:underline" href={`/dashboard/leads/${mergedInto.id}?take=1`}>
          {t("lead.take.openPrimary", { number: mergedInto.number })}
        </Link>
      </Notice>
    );
  if (answered)
    return (
      <Notice data-testid="take-offer" tone="success" icon={<Icon node={CircleCheck} />}>
        {owner?.id === selfId ? t("lead.take.yours", { number }) : t("lead.take.answered", { number, owner: owner?.name ?? t("lead.unassigned") })}
      </Notice>
    );
  return (
    <Notice data-testid="take-offer" icon={<Icon node={Clock} />} title={t("lead.take.offer", { number })}>
      <Button className="mt-2" variant="primary" disabled={busy} onClick={onTake}>
        {t("lead.takeIt")}
      </Button>
    </Notice>
  );
}
