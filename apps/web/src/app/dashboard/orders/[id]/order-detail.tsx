"use client";
// One order: what to send where (with the shipment's carrier, tracking number and a link to the
// carrier's tracking page once shipped), two action panels side by side with the facts — the
// Fulfilment steps (./fulfilment-panel.tsx) and, apart, the destructive Cancel order
// (./cancel-panel.tsx), each with its own message (./order-actions.ts) — the timeline and the
// customer's other orders. Every change carries the version this page saw: if someone else moved
// the order meanwhile, nothing is written and the panel says so and offers to reload.
import Link from "next/link";
import { errorText } from "../../error-text";
import { useQuery } from "@tanstack/react-query";
import { Card, Facts, Notice } from "@once/ui";
import { CircleAlert, Icon } from "@once/ui/icons";
import { carrierName, trackingLink } from "@once/api/carriers";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { OrderStatusBadge } from "../order-status-badge";
import { CancelPanel } from "./cancel-panel";
import { FulfilmentPanel } from "./fulfilment-panel";
import { useOrderActions } from "./order-actions";

const sectionTitle = "mb-3 text-lg font-semibold";

export function OrderDetail({ id, backHref }: { id: string; backHref: string }) {
  const trpc = useTRPC();
  const { t, time, locale } = useDashboard();
  const order = useQuery(trpc.dashboard.orders.get.queryOptions({ id }));
  const actions = useOrderActions(id);
  if (order.error)
    return (
      <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert">
        {errorText(order.error, t)}
      </Notice>
    );
  if (!order.data) return <p className="text-ink-muted">{t("common.loading")}</p>;
  const o = order.data;
  const title = (g: { titleEn: string; titleZh: string }) => (locale === "zh-CN" ? g.titleZh : g.titleEn);
  const link = trackingLink(o.carrier, o.trackingNumber);
  const carrier = carrierName(o.carrier, locale);
  return (
    <article className="space-y-4">
      <Link href={backHref} className="text-sm font-medium text-brand hover:underline">
        ← {t("orders.detail.back")}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("orders.detail.title", { number: o.number })}</h1>
        <OrderStatusBadge status={o.status} t={t} />
      </header>
      <div className="grid items-start gap-4 lg:grid-cols-[3fr_2fr]">
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
            {carrier ? (
              <>
                <dt>{t("orders.detail.carrier")}</dt>
                <dd data-testid="order-carrier">{carrier}</dd>
              </>
            ) : null}
            {o.trackingNumber ? (
              <>
                <dt>{t("orders.detail.tracking")}</dt>
                <dd className="flex flex-wrap items-baseline gap-x-3">
                  <span className="font-mono break-all" data-testid="order-tracking">
                    {o.trackingNumber}
                  </span>
                  {link ? (
                    // The carrier's own page (or kuaidi100's), never told where the reader came from.
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-sm font-medium text-brand hover:underline"
                      data-testid="order-track-link"
                    >
                      {t("orders.detail.trackLink")} <span aria-hidden>↗</span>
                      <span className="sr-only"> {t("orders.detail.newTab")}</span>
                    </a>
                  ) : null}
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
        <div className="space-y-4">
          <FulfilmentPanel order={o} actions={actions} />
          <CancelPanel order={o} actions={actions} />
        </div>
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
                {e.trackingNumber ? (
                  <span className="block">
                    {e.carrier ? `${carrierName(e.carrier, locale)} ` : ""}
                    <span className="font-mono">{e.trackingNumber}</span>
                  </span>
                ) : null}
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
