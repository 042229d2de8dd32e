"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button, DataTable } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";

export function OrderTable() {
  const trpc = useTRPC();
  const { t, time, locale } = useDashboard();
  const orders = useInfiniteQuery(trpc.dashboard.orders.list.infiniteQueryOptions({ limit: 25 }, { getNextPageParam: (p) => p.nextCursor ?? undefined }));
  const rows = orders.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="space-y-4">
      <DataTable>
        <thead>
          <tr>
            <th scope="col">{t("orders.col.number")}</th>
            <th scope="col">{t("orders.col.received")}</th>
            <th scope="col">{t("orders.col.guide")}</th>
            <th scope="col">{t("orders.col.quantity")}</th>
            <th scope="col">{t("orders.col.contact")}</th>
            <th scope="col">{t("orders.col.status")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr key={o.id}>
              <td className="font-mono whitespace-nowrap">{o.number}</td>
              <td className="whitespace-nowrap">{time(o.createdAt)}</td>
              <td>{locale === "zh-CN" ? o.guide.titleZh : o.guide.titleEn}</td>
              <td>{o.quantity}</td>
              <td>{o.contactName ?? t("common.none")}</td>
              <td>{t(`orders.status.${o.status}`)}</td>
            </tr>
          ))}
          {orders.isSuccess && rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="text-ink-muted">
                {t("orders.empty")}
              </td>
            </tr>
          ) : null}
        </tbody>
      </DataTable>
      {orders.hasNextPage ? <Button onClick={() => void orders.fetchNextPage()}>{t("common.loadMore")}</Button> : null}
    </section>
  );
}
