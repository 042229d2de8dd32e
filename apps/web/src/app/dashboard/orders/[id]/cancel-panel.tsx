"use client";
// The Cancel order panel of an order's page, apart from the fulfilment steps because it ends the
// order for good: the reason first, then a second, explicit confirmation that names the order and
// what happens to its copies. Its outcome has its own line; while the order can no longer be
// cancelled (shipped, delivered) or already is, the panel only says so.
import { useState } from "react";
import { Button, Card, Field, Textarea } from "@once/ui";
import { ORDER_TRANSITIONS, type OrderStatus } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { dangerButtonClasses } from "../../danger-button";
import { errorText } from "../../error-text";
import type { OrderActions } from "./order-actions";
import { PanelOutcome } from "./panel-outcome";

export function CancelPanel({
  order,
  actions,
}: {
  order: { id: string; number: string; version: number; status: OrderStatus; quantity: number };
  actions: OrderActions;
}) {
  const { t } = useDashboard();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { cancel } = actions;
  const cancellable = ORDER_TRANSITIONS[order.status].includes("cancelled");
  const ask = () => {
    // A refusal here (no reason) is news too: no earlier "Saved." stays beside it.
    actions.clearOutcomes();
    if (!reason.trim()) return (setMissing(true), setConfirming(false));
    setMissing(false);
    setConfirming(true);
  };
  const confirm = () => {
    actions.clearOutcomes();
    setConfirming(false);
    cancel.mutate({ id: order.id, version: order.version, reason: reason.trim() }, { onSuccess: () => setReason("") });
  };
  const text = cancel.error ? errorText(cancel.error, t) : cancel.isSuccess ? t("orders.cancel.done") : "";
  return (
    <Card role="region" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading" className="mb-3 text-lg font-semibold">
        {t("orders.cancel.title")}
      </h2>
      {cancellable ? (
        <>
          <p className="mb-3 text-sm text-ink-muted">{t("orders.cancel.lead")}</p>
          <Field id="order-reason-input" label={t("orders.cancel.reasonLabel")} error={missing ? t("orders.cancel.reasonRequired") : undefined}>
            <Textarea
              id="order-reason-input"
              className="min-h-20"
              value={reason}
              maxLength={500}
              onChange={(e) => (setReason(e.target.value), setConfirming(false))}
              aria-invalid={missing || undefined}
            />
          </Field>
          {confirming ? (
            <div
              role="alertdialog"
              aria-labelledby="cancel-confirm-text"
              className="rounded-control border border-danger/40 bg-danger-soft p-3"
              data-testid="cancel-confirm"
            >
              <p id="cancel-confirm-text" className="mb-3 text-sm font-medium text-ink">
                {t("orders.cancel.confirm", { number: order.number, count: order.quantity })}
              </p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={dangerButtonClasses()} disabled={cancel.isPending} onClick={confirm} autoFocus>
                  {t("orders.cancel.confirmYes")}
                </button>
                <Button onClick={() => setConfirming(false)}>{t("orders.cancel.keep")}</Button>
              </div>
            </div>
          ) : (
            <button type="button" className={dangerButtonClasses()} disabled={cancel.isPending} onClick={ask}>
              {t("orders.cancel.button")}
            </button>
          )}
        </>
      ) : (
        <p className="text-sm text-ink-muted">{t(order.status === "cancelled" ? "orders.cancel.isCancelled" : "orders.cancel.tooLate")}</p>
      )}
      <PanelOutcome action={cancel} text={text} testId="cancel-status" onReload={() => (cancel.reset(), void actions.refresh())} />
    </Card>
  );
}
