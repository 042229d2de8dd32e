"use client";
// The same customer's other leads (same phone or e-mail within the duplicate window) and orders
// (same phone), on a lead's page: each other lead can be merged into this one (packages/api's
// dashboard/lead-merge.ts); a lead already merged says into which. The merge's outcome, or why
// it was refused, is said below the list in the reader's language.
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { Badge, Button, Card } from "@once/ui";
import type { LeadStatus, OrderStatus } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { errorText } from "../../error-text";
import { protocolCode } from "../../protocol-code";
import { settledAt, useRevealOutcome } from "../../use-reveal-outcome";

const REFUSALS = ["MERGE_SELF", "MERGE_INTO_MERGED", "ALREADY_MERGED", "MERGE_HAS_MERGED"] as const;

export interface SameCustomerProps {
  leadId: string;
  /** This lead is merged into another: nothing can be merged into it. */
  mergedInto: { id: string; number: string } | null;
  leads: { id: string; number: string; createdAt: Date; status: LeadStatus; mergedIntoId: string | null }[];
  orders: { id: string; number: string; createdAt: Date; status: OrderStatus }[];
  onChanged: () => Promise<unknown>;
}

export function SameCustomer({ leadId, mergedInto, leads, orders, onChanged }: SameCustomerProps) {
  const trpc = useTRPC();
  const { t, time } = useDashboard();
  const merge = useMutation(trpc.dashboard.leads.merge.mutationOptions({ onSuccess: () => onChanged() }));
  const outcomeArea = useRevealOutcome<HTMLParagraphElement>(settledAt(merge));
  const code = protocolCode(merge.error);
  const refused = REFUSALS.find((r) => r === code);
  const outcome = merge.error
    ? refused
      ? t("lead.merge.refused", { reason: t(`lead.merge.refusal.${refused}`) })
      : errorText(merge.error, t)
    : merge.isSuccess
      ? t("lead.merge.done")
      : "";
  return (
    <Card role="region" aria-labelledby="same-customer-heading">
      <h2 id="same-customer-heading" className="mb-3 text-lg font-semibold">
        {t("lead.sameCustomer")}
      </h2>
      <p className="mb-3 text-sm text-ink-muted">{t("lead.samePhone")}</p>
      {mergedInto ? (
        <p className="mb-3 text-sm" data-testid="merged-into">
          {t("lead.merge.mergedInto")}{" "}
          <Link href={`/dashboard/leads/${mergedInto.id}`} className="font-medium text-brand hover:underline">
            {mergedInto.number}
          </Link>
        </p>
      ) : null}
      {leads.length === 0 && orders.length === 0 ? <p className="text-sm text-ink-muted">{t("lead.noneSamePhone")}</p> : null}
      <ul className="space-y-2 text-sm">
        {leads.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-2" data-testid="same-customer-lead" data-number={d.number}>
            <Link href={`/dashboard/leads/${d.id}`} className="font-medium text-brand hover:underline">
              {d.number}
            </Link>
            <span className="text-ink-muted">{time(d.createdAt)}</span>
            <Badge tone="neutral">{t(`common.status.${d.status}`)}</Badge>
            {d.mergedIntoId === leadId ? (
              <Badge tone="brand">{t("lead.merge.here")}</Badge>
            ) : d.mergedIntoId ? (
              <Badge tone="neutral">{t("lead.merge.elsewhere")}</Badge>
            ) : !mergedInto ? (
              <Button size="sm" disabled={merge.isPending} onClick={() => merge.mutate({ primaryId: leadId, mergedId: d.id })}>
                {t("lead.merge.button")}
              </Button>
            ) : null}
          </li>
        ))}
        {orders.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center gap-2" data-testid="same-customer-order">
            <Link href={`/dashboard/orders/${o.id}`} className="font-medium text-brand hover:underline">
              {o.number}
            </Link>
            <span className="text-ink-muted">{time(o.createdAt)}</span>
            <Badge tone="neutral">{t(`orders.status.${o.status}`)}</Badge>
          </li>
        ))}
      </ul>
      <p
        ref={outcomeArea}
        role="status"
        className={merge.error ? "mt-2 text-sm font-medium text-danger" : "mt-2 text-sm text-ink-muted"}
        data-testid="merge-status"
      >
        {outcome}
      </p>
    </Card>
  );
}
