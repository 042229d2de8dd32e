"use client";
// The packing list for the orders chosen on the list: one block per order with what goes in
// the parcel and where it goes, and a box to tick. Printed from the browser (print: variants
// hide the dashboard's frame and the buttons; each order stays on one page).
import Link from "next/link";
import { errorText } from "../../error-text";
import { useQuery } from "@tanstack/react-query";
import { Button, Notice } from "@once/ui";
import { CircleAlert, Icon } from "@once/ui/icons";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";

export function PackingList({ ids }: { ids: string[] }) {
  const trpc = useTRPC();
  const { t, time, locale } = useDashboard();
  const list = useQuery({ ...trpc.dashboard.orders.packingList.queryOptions({ ids }), enabled: ids.length > 0 });
  const back = (
    <Link href="/dashboard/orders" className="text-sm font-medium text-brand hover:underline print:hidden">
      ← {t("orders.detail.back")}
    </Link>
  );
  if (ids.length === 0)
    return (
      <div className="space-y-4">
        {back}
        <Notice tone="info">{t("orders.packing.none")}</Notice>
      </div>
    );
  if (list.error)
    return (
      <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert">
        {errorText(list.error, t)}
      </Notice>
    );
  if (!list.data) return <p className="text-ink-muted">{t("common.loading")}</p>;
  return (
    <article className="space-y-4 print:space-y-2 print:text-black">
      {back}
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("orders.packing.title")}</h1>
          <p className="text-sm text-ink-muted">{t("orders.packing.lead", { count: list.data.length, time: time(new Date()) })}</p>
        </div>
        <Button variant="primary" className="print:hidden" onClick={() => window.print()}>
          {t("orders.packing.print")}
        </Button>
      </header>
      <ol className="space-y-3">
        {list.data.map((o) => (
          <li
            key={o.id}
            data-testid="packing-item"
            className="break-inside-avoid rounded-card border border-line-strong p-4 print:rounded-none print:border-black"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-mono text-lg font-bold">{o.number}</p>
              <p className="text-sm">{time(o.createdAt, "date")}</p>
            </div>
            <p className="mt-1 text-base font-semibold">
              {locale === "zh-CN" ? o.guide.titleZh : o.guide.titleEn} × {o.quantity}
            </p>
            <p className="mt-2 text-base">
              {o.contactName ?? t("common.none")} · {o.contactPhone ?? t("common.none")}
            </p>
            <p className="text-base whitespace-pre-line">{o.address ?? t("common.none")}</p>
            <p className="mt-2 flex items-center gap-2 text-sm">
              <span aria-hidden className="inline-block size-4 border border-current" />
              {t("orders.packing.packed")}
            </p>
          </li>
        ))}
      </ol>
    </article>
  );
}
