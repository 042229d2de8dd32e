"use client";
// One order: what to send where, the next fulfilment steps (shipping asks for the tracking
// number, cancelling for a reason), the timeline and the customer's other orders. Every change
// carries the version this page saw: if someone else moved the order meanwhile, nothing is
// written and the page says so and offers to reload.
import Link from "next/link";
import { errorText } from "../../error-text";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Card, Facts, Field, Input, Notice, Textarea } from "@once/ui";
import { CircleAlert, Icon } from "@once/ui/icons";
import { ORDER_TRANSITIONS, type OrderStatus } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { protocolCode } from "../../protocol-code";
import { settledAt, useRevealOutcome } from "../../use-reveal-outcome";
import { OrderStatusBadge } from "../order-status-badge";

const sectionTitle = "mb-3 text-lg font-semibold";

export function OrderDetail({ id, backHref }: { id: string; backHref: string }) {
  const trpc = useTRPC();
  const { t, time, locale } = useDashboard();
  const queryClient = useQueryClient();
  const order = useQuery(trpc.dashboard.orders.get.queryOptions({ id }));
  const [tracking, setTracking] = useState("");
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState<"tracking" | "reason" | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dashboard.orders.get.queryKey({ id }) });
  const update = useMutation(trpc.dashboard.orders.update.mutationOptions({ onSuccess: () => (setTracking(""), setReason(""), refresh()) }));
  // Below the workflow's buttons: on a phone often under the screen's foot.
  const outcomeArea = useRevealOutcome<HTMLDivElement>(settledAt(update));
  if (order.error)
    return (
      <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert">
        {errorText(order.error, t)}
      </Notice>
    );
  if (!order.data) return <p className="text-ink-muted">{t("common.loading")}</p>;
  const o = order.data;
  const title = (g: { titleEn: string; titleZh: string }) => (locale === "zh-CN" ? g.titleZh : g.titleEn);
  const stale = update.error && protocolCode(update.error) === "STALE_VERSION";
  const move = (status: OrderStatus) => {
    // A field's refusal replaces the last outcome: no "Saved." left beside a new error.
    if (status === "shipped" && !tracking.trim()) return (update.reset(), setMissing("tracking"));
    if (status === "cancelled" && !reason.trim()) return (update.reset(), setMissing("reason"));
    setMissing(null);
    update.mutate({
      id,
      version: o.version,
      status,
      ...(status === "shipped" && { trackingNumber: tracking.trim() }),
      ...(status === "cancelled" && { reason: reason.trim() }),
    });
  };
  const next = ORDER_TRANSITIONS[o.status];
  return (
    <article className="space-y-4">
      <Link href={backHref} className="text-sm font-medium text-brand hover:underline">
        ← {t("orders.detail.back")}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("orders.detail.title", { number: o.number })}</h1>
        <OrderStatusBadge status={o.status} t={t} />
      </header>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <Card>
          <Facts>
            <dt>{t("orders.detail.guide")}</dt>
            <dd>{title(o.guide)}</dd>
            <dt>{t("orders.detail.quantity")}</dt>
            <dd data-testid="order-quantity">{o.quantity}</dd>
            <dt>{t("orders.detail.name")}</dt>
            <dd>{o.contactName ?? t("common.none")}</dd>
            <dt>{t("orders.detail.phone")}</dt>
            <dd>{o.contactPhone ? <a href={`tel:${o.contactPhone}`}>{o.contactPhone}</a> : t("common.none")}</dd>
            <dt>{t("orders.detail.address")}</dt>
            <dd className="whitespace-pre-line">{o.address ?? t("common.none")}</dd>
            <dt>{t("orders.detail.received")}</dt>
            <dd>{time(o.createdAt)}</dd>
            {o.trackingNumber ? (
              <>
                <dt>{t("orders.detail.tracking")}</dt>
                <dd className="font-mono" data-testid="order-tracking">
                  {o.trackingNumber}
                </dd>
              </>
            ) : null}
            {o.cancelReason ? (
              <>
                <dt>{t("orders.detail.cancelReason")}</dt>
                <dd className="whitespace-pre-line">{o.cancelReason}</dd>
              </>
            ) : null}
          </Facts>
        </Card>
        <Card role="region" aria-labelledby="workflow-heading">
          <h2 id="workflow-heading" className={sectionTitle}>
            {t("orders.workflow.title")}
          </h2>
          {next.length === 0 ? <p className="text-sm text-ink-muted">{t("orders.workflow.final", { status: t(`orders.status.${o.status}`) })}</p> : null}
          {next.includes("shipped") ? (
            <Field
              id="order-tracking-input"
              label={t("orders.workflow.trackingLabel")}
              error={missing === "tracking" ? t("orders.workflow.trackingRequired") : undefined}
            >
              <Input
                id="order-tracking-input"
                value={tracking}
                maxLength={60}
                onChange={(e) => setTracking(e.target.value)}
                aria-invalid={missing === "tracking" || undefined}
              />
            </Field>
          ) : null}
          {next.includes("cancelled") ? (
            <Field
              id="order-reason-input"
              label={t("orders.workflow.reasonLabel")}
              error={missing === "reason" ? t("orders.workflow.reasonRequired") : undefined}
            >
              <Textarea
                id="order-reason-input"
                className="min-h-20"
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={missing === "reason" || undefined}
              />
            </Field>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {next.map((status) => (
              <Button key={status} variant={status === "cancelled" ? "secondary" : "primary"} disabled={update.isPending} onClick={() => move(status)}>
                {t(`orders.workflow.to.${status}`)}
              </Button>
            ))}
          </div>
          <div ref={outcomeArea}>
            <p role="status" className={update.error ? "mt-3 text-sm font-medium text-danger" : "mt-3 text-sm text-ink-muted"} data-testid="update-status">
              {update.error ? errorText(update.error, t) : update.isSuccess ? t("common.saved") : ""}
            </p>
            {stale ? (
              <Button className="mt-2" onClick={() => (update.reset(), void refresh())}>
                {t("common.reload")}
              </Button>
            ) : null}
          </div>
        </Card>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card role="region" aria-labelledby="timeline-heading">
          <h2 id="timeline-heading" className={sectionTitle}>
            {t("orders.detail.timeline")}
          </h2>
          <ol className="space-y-3 text-sm" data-testid="order-timeline">
            <li>
              <span className="block text-ink-muted">{time(o.createdAt)}</span>
              {t("orders.detail.placed")}
            </li>
            {o.events.map((e) => (
              <li key={e.id}>
                <span className="block text-ink-muted">{time(e.createdAt)}</span>
                {t("orders.detail.event", {
                  from: t(`orders.status.${e.fromStatus}`),
                  to: t(`orders.status.${e.toStatus}`),
                  actor: e.actor?.name ?? t("orders.detail.customer"),
                })}
                {e.trackingNumber ? <span className="block font-mono">{e.trackingNumber}</span> : null}
                {e.reason ? <span className="block whitespace-pre-line">{e.reason}</span> : null}
              </li>
            ))}
          </ol>
        </Card>
        <Card role="region" aria-labelledby="others-heading">
          <h2 id="others-heading" className={sectionTitle}>
            {t("orders.detail.otherOrders")}
          </h2>
          {o.otherOrders.length === 0 ? <p className="text-sm text-ink-muted">{t("orders.detail.noOtherOrders")}</p> : null}
          <ul className="space-y-2 text-sm" data-testid="other-orders">
            {o.otherOrders.map((other) => (
              <li key={other.id} className="flex flex-wrap items-center gap-2">
                <Link href={`/dashboard/orders/${other.id}`} className="font-mono font-medium text-brand hover:underline">
                  {other.number}
                </Link>
                <span>
                  {title(other.guide)} × {other.quantity}
                </span>
                <span className="text-ink-muted">{time(other.createdAt, "date")}</span>
                <OrderStatusBadge status={other.status} t={t} />
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </article>
  );
}
