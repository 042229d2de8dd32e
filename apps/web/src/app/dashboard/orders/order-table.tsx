"use client";
// The order list: search and filters (kept in the URL, ./order-filters.ts), the number found,
// "load more" (keyset pages), a selection for the printable packing list, the exports of what
// the filters show, and cards instead of the table on phones (./order-rows.tsx).
import Link from "next/link";
import { errorText } from "../error-text";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Button, buttonClasses, cx, DataTable, Field, Input, Notice, Select } from "@once/ui";
import { CircleAlert, Icon, Inbox } from "@once/ui/icons";
import { ORDER_STATUSES } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { ExportLinks } from "../export-links";
import { usePhone } from "../use-phone";
import { FiltersButton, useFilterDisclosure } from "../filter-disclosure";
import { filtersFromParams, filtersToParams, listInput, type OrderFilters } from "./order-filters";
import { OrderCards, OrderTableRows } from "./order-rows";

export function OrderTable() {
  const trpc = useTRPC();
  const { t, locale } = useDashboard();
  const phone = usePhone();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = filtersFromParams(new URLSearchParams(params.toString()));
  const [selected, setSelected] = useState<string[]>([]);
  const disclosure = useFilterDisclosure();
  const setFilters = (change: Partial<OrderFilters>) => {
    const query = filtersToParams({ ...filters, ...change }).toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  const orders = useInfiniteQuery(
    trpc.dashboard.orders.list.infiniteQueryOptions({ limit: 25, ...listInput(filters) }, { getNextPageParam: (p) => p.nextCursor ?? undefined }),
  );
  const guides = useQuery(trpc.dashboard.orders.guides.queryOptions());
  const rows = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const total = orders.data?.pages[0]?.total;
  const filtered = Object.values(filters).some(Boolean);
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const query = filtersToParams(filters).toString();
  const empty =
    orders.isSuccess && rows.length === 0 ? (
      <>
        {filtered ? t("orders.noMatch") : t("orders.empty")}{" "}
        {filtered ? (
          <Button size="sm" variant="ghost" onClick={() => router.replace(pathname)}>
            {t("orders.clearFilters")}
          </Button>
        ) : null}
      </>
    ) : null;
  return (
    <section className="space-y-4">
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="flex items-start gap-2">
          <Field id="order-search" label={t("orders.search")} className="min-w-0 flex-1">
            <Input
              id="order-search"
              type="search"
              defaultValue={filters.search ?? ""}
              placeholder={t("orders.searchPlaceholder")}
              onChange={(e) => setFilters({ search: e.target.value.trim() || undefined })}
            />
          </Field>
          <div className="pt-7">
            <FiltersButton
              {...disclosure.button}
              active={[filters.status, filters.guide, filters.from, filters.to].filter(Boolean).length}
              controls="order-filter-controls"
            />
          </div>
        </div>
        <div id="order-filter-controls" className={cx(disclosure.className, "gap-x-3 sm:grid-cols-2 lg:grid-cols-4")}>
          <Field id="order-status" label={t("orders.filter.status")}>
            <Select
              id="order-status"
              value={filters.status ?? ""}
              onChange={(e) => setFilters({ status: (e.target.value || undefined) as OrderFilters["status"] })}
            >
              <option value="">{t("orders.filter.anyStatus")}</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`orders.status.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="order-guide" label={t("orders.filter.guide")}>
            <Select id="order-guide" value={filters.guide ?? ""} onChange={(e) => setFilters({ guide: e.target.value || undefined })}>
              <option value="">{t("orders.filter.anyGuide")}</option>
              {guides.data?.map((g) => (
                <option key={g.slug} value={g.slug}>
                  {locale === "zh-CN" ? g.titleZh : g.titleEn}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="order-from" label={t("orders.filter.from")}>
            <Input id="order-from" type="date" value={filters.from ?? ""} onChange={(e) => setFilters({ from: e.target.value || undefined })} />
          </Field>
          <Field id="order-to" label={t("orders.filter.to")}>
            <Input id="order-to" type="date" value={filters.to ?? ""} onChange={(e) => setFilters({ to: e.target.value || undefined })} />
          </Field>
        </div>
      </form>
      <div className="flex flex-wrap items-center gap-3">
        {total !== undefined && total !== null ? (
          <p className="text-sm text-ink-muted" data-testid="order-count">
            {t("orders.count", { count: total })}
          </p>
        ) : null}
        <Link
          href={`/dashboard/orders/packing-list?ids=${selected.join(",")}`}
          aria-disabled={selected.length === 0}
          className={buttonClasses({ variant: "primary", size: "sm", className: selected.length === 0 ? "pointer-events-none opacity-55" : "" })}
        >
          {t("orders.packingList")} ({t("orders.selected", { count: selected.length })})
        </Link>
        <ExportLinks what="orders" query={query} />
      </div>
      {orders.error ? (
        <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert">
          {errorText(orders.error, t)}
        </Notice>
      ) : null}
      {phone ? (
        empty ? (
          <Notice icon={<Icon node={Inbox} />}>{empty}</Notice>
        ) : (
          <OrderCards rows={rows} selected={selected} onSelect={toggle} query={query} />
        )
      ) : (
        <DataTable>
          <OrderTableRows
            rows={rows}
            selected={selected}
            onSelect={toggle}
            onSelectAll={(on) => setSelected(on ? rows.map((o) => o.id) : [])}
            query={query}
            empty={empty}
          />
        </DataTable>
      )}
      {orders.hasNextPage ? (
        <Button onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
          {t("common.loadMore")}
        </Button>
      ) : null}
    </section>
  );
}
