"use client";
// The Fulfilment panel of an order's page: the next steps along the way (pack, ship, deliver;
// ORDER_TRANSITIONS without cancelling, which has its own panel: ./cancel-panel.tsx). Shipping
// asks for the carrier (the table of @once/api/carriers, named in the reader's language) and its
// tracking number, with a well-formed example as the hint. The server checks both against the
// carrier (packages/api's order/shipment-schema.ts); its refusal is worded here from the code,
// naming the number and the carrier, and the number's field is marked.
import { useState } from "react";
import { Button, Card, Field, Input, Select } from "@once/ui";
import { CARRIER_CODES, CARRIERS, carrierName, type CarrierCode } from "@once/api/carriers";
import { ORDER_TRANSITIONS, type OrderStatus } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import type { DashboardTranslate } from "~/i18n/dashboard";
import { errorText } from "../../error-text";
import { protocolCode } from "../../protocol-code";
import type { OrderActions } from "./order-actions";
import { PanelOutcome } from "./panel-outcome";

type Step = Exclude<OrderStatus, "cancelled" | "received">;

/** What the panel says after its last action: saved, or why not, in the reader's language. */
function outcomeText(fulfil: OrderActions["fulfil"], t: DashboardTranslate, locale: string): string {
  if (fulfil.isSuccess) return t("common.saved");
  if (!fulfil.error) return "";
  const code = protocolCode(fulfil.error);
  const sent = fulfil.variables;
  if (code === "UNKNOWN_CARRIER") return t("orders.workflow.refused", { reason: t("orders.workflow.refusal.UNKNOWN_CARRIER") });
  if (code === "TRACKING_NUMBER_FORMAT" && sent?.status === "shipped") {
    const example = CARRIERS[sent.carrier as CarrierCode]?.example;
    const reason = example
      ? t("orders.workflow.refusal.TRACKING_NUMBER_FORMAT", {
          number: sent.trackingNumber,
          carrier: carrierName(sent.carrier, locale) ?? sent.carrier,
          example,
        })
      : t("orders.workflow.refusal.TRACKING_NUMBER_FORMAT_OTHER", { number: sent.trackingNumber });
    return t("orders.workflow.refused", { reason });
  }
  return errorText(fulfil.error, t);
}

export function FulfilmentPanel({ order, actions }: { order: { id: string; version: number; status: OrderStatus }; actions: OrderActions }) {
  const { t, locale } = useDashboard();
  const [carrier, setCarrier] = useState<CarrierCode | "">("");
  const [tracking, setTracking] = useState("");
  const [missing, setMissing] = useState<"carrier" | "tracking" | null>(null);
  const { fulfil } = actions;
  const next = ORDER_TRANSITIONS[order.status].filter((s): s is Step => s !== "cancelled" && s !== "received");
  const refusedNumber = fulfil.isError && protocolCode(fulfil.error) === "TRACKING_NUMBER_FORMAT";
  const example = carrier ? CARRIERS[carrier].example : null;
  const move = (status: Step) => {
    // Whatever this press comes to, the last outcome of either panel is no longer the news.
    actions.clearOutcomes();
    if (status === "shipped" && !carrier) return setMissing("carrier");
    if (status === "shipped" && !tracking.trim()) return setMissing("tracking");
    setMissing(null);
    fulfil.mutate(
      status === "shipped"
        ? { id: order.id, version: order.version, status, carrier, trackingNumber: tracking.trim() }
        : { id: order.id, version: order.version, status },
      { onSuccess: () => (setCarrier(""), setTracking("")) },
    );
  };
  return (
    <Card role="region" aria-labelledby="fulfilment-heading">
      <h2 id="fulfilment-heading" className="mb-3 text-lg font-semibold">
        {t("orders.workflow.title")}
      </h2>
      {next.length === 0 ? <p className="text-sm text-ink-muted">{t("orders.workflow.final", { status: t(`orders.status.${order.status}`) })}</p> : null}
      {next.includes("shipped") ? (
        // Side by side where the panel spans the page (a tablet); stacked in the desktop's side column, where the carrier's names would be cut.
        <div className="grid gap-x-3 sm:grid-cols-2 lg:grid-cols-1">
          <Field
            id="order-carrier-input"
            label={t("orders.workflow.carrierLabel")}
            error={missing === "carrier" ? t("orders.workflow.carrierRequired") : undefined}
          >
            <Select
              id="order-carrier-input"
              value={carrier}
              onChange={(e) => setCarrier(e.target.value as CarrierCode | "")}
              aria-invalid={missing === "carrier" || undefined}
            >
              <option value="">{t("orders.workflow.carrierChoose")}</option>
              {CARRIER_CODES.map((code) => (
                <option key={code} value={code}>
                  {carrierName(code, locale)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="order-tracking-input"
            label={t("orders.workflow.trackingLabel")}
            hint={example ? t("orders.workflow.trackingHint", { example }) : undefined}
            error={missing === "tracking" ? t("orders.workflow.trackingRequired") : undefined}
          >
            <Input
              id="order-tracking-input"
              className="font-mono"
              value={tracking}
              maxLength={60}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setTracking(e.target.value)}
              aria-invalid={missing === "tracking" || refusedNumber || undefined}
              aria-describedby={example ? "order-tracking-input-hint" : undefined}
            />
          </Field>
        </div>
      ) : null}
      {next.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {next.map((status) => (
            <Button key={status} variant="primary" disabled={fulfil.isPending} onClick={() => move(status)}>
              {t(`orders.workflow.to.${status}`)}
            </Button>
          ))}
        </div>
      ) : null}
      <PanelOutcome action={fulfil} text={outcomeText(fulfil, t, locale)} testId="fulfil-status" onReload={() => (fulfil.reset(), void actions.refresh())} />
    </Card>
  );
}
