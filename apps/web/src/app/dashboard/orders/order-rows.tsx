"use client";
// The order list's rows: a table from `sm` up, cards on phones (as the lead list, ../leads/
// lead-rows.tsx), where seven columns would run off the screen. Both carry the check boxes that
// choose the orders for the packing list, and a shipped order's carrier with its status.
import Link from "next/link";
import type { ReactNode } from "react";
import { Card, Checkbox } from "@once/ui";
import type { OrderStatus } from "@once/db/domain";
import { carrierName } from "@once/api/carriers";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { OrderStatusBadge } from "./order-status-badge";

export interface OrderRow {
  id: string;
  number: string;
  quantity: number;
  status: OrderStatus;
  createdAt: Date;
  contactName: string | null;
  contactPhone: string | null;
  /** The delivery address, shortened by the server (the whole one is on the order's page). */
  addressExcerpt: string | null;
  /** The shipment's carrier (a code of @once/api/carriers), shown with the status. */
  carrier: string | null;
  guide: { titleEn: string; titleZh: string };
}

interface RowsProps {
  rows: OrderRow[];
  selected: readonly string[];
  onSelect: (id: string, on: boolean) => void;
  /** The list's filters, carried to an order's page so "back" returns to the same list. */
  query: string;
}

function SelectBox({ row, selected, onSelect }: { row: OrderRow } & Pick<RowsProps, "selected" | "onSelect">) {
  const { t } = useDashboard();
  return (
    <Checkbox
      label={<span className="sr-only">{t("orders.col.select")}</span>}
      className="min-h-0"
      checked={selected.includes(row.id)}
      onChange={(e) => onSelect(row.id, e.target.checked)}
      aria-label={`${t("orders.col.select")} ${row.number}`}
    />
  );
}

/** A shipped order's carrier beside its status, in the reader's language (nothing before it ships). */
function CarrierNote({ row }: { row: OrderRow }) {
  const { locale } = useDashboard();
  const name = carrierName(row.carrier, locale);
  return name ? (
    <span className="text-xs text-ink-muted" data-testid="order-row-carrier">
      {name}
    </span>
  ) : null;
}

function NumberLink({ row, query }: { row: OrderRow; query: string }) {
  return (
    <Link href={`/dashboard/orders/${row.id}${query ? `?${query}` : ""}`} className="font-mono font-medium text-brand hover:underline">
      {row.number}
    </Link>
  );
}

export function OrderTableRows({
  rows,
  selected,
  onSelect,
  onSelectAll,
  query,
  empty,
}: RowsProps & { onSelectAll: (on: boolean) => void; /** What the table says when no order is listed. */ empty: ReactNode }) {
  const { t, time, locale } = useDashboard();
  return (
    <>
      <thead>
        <tr>
          <th scope="col">
            <Checkbox
              label={<span className="sr-only">{t("orders.selectAll")}</span>}
              className="min-h-0"
              checked={rows.length > 0 && rows.every((o) => selected.includes(o.id))}
              onChange={(e) => onSelectAll(e.target.checked)}
            />
          </th>
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
          <tr key={o.id} data-testid="order-row">
            <td>
              <SelectBox row={o} selected={selected} onSelect={onSelect} />
            </td>
            <td className="whitespace-nowrap">
              <NumberLink row={o} query={query} />
            </td>
            <td className="whitespace-nowrap">{time(o.createdAt)}</td>
            <td>{locale === "zh-CN" ? o.guide.titleZh : o.guide.titleEn}</td>
            <td>{o.quantity}</td>
            <td>
              {o.contactName ?? t("common.none")}
              {o.contactPhone ? <span className="block text-ink-muted">{o.contactPhone}</span> : null}
            </td>
            <td>
              <span className="flex flex-col items-start gap-1">
                <OrderStatusBadge status={o.status} t={t} />
                <CarrierNote row={o} />
              </span>
            </td>
          </tr>
        ))}
        {empty ? (
          <tr>
            <td colSpan={7} className="text-ink-muted">
              {empty}
            </td>
          </tr>
        ) : null}
      </tbody>
    </>
  );
}

export function OrderCards({ rows, selected, onSelect, query }: RowsProps) {
  const { t, time, locale } = useDashboard();
  return (
    <ul className="space-y-3">
      {rows.map((o) => (
        <li key={o.id}>
          <Card data-testid="order-row" className="p-4">
            <div className="flex items-start gap-3">
              <SelectBox row={o} selected={selected} onSelect={onSelect} />
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <NumberLink row={o} query={query} />
                  <span className="ms-auto flex items-center gap-2">
                    <CarrierNote row={o} />
                    <OrderStatusBadge status={o.status} t={t} />
                  </span>
                </div>
                <p className="text-sm break-words">
                  {locale === "zh-CN" ? o.guide.titleZh : o.guide.titleEn}
                  <span className="text-ink-muted"> · {t("orders.card.copies", { count: o.quantity })}</span>
                </p>
                <p className="font-semibold break-words">{o.contactName ?? t("common.none")}</p>
                {o.contactPhone ? (
                  // A link the phone calls; digits and "+" only, as on a lead's page.
                  <a href={`tel:${o.contactPhone.replace(/[^\d+]/g, "")}`} className="inline-flex min-h-6 items-center text-sm text-brand hover:underline">
                    {o.contactPhone}
                  </a>
                ) : null}
                {o.addressExcerpt ? <p className="text-sm break-words text-ink-muted">{o.addressExcerpt}</p> : null}
                <p className="text-xs text-ink-muted">{time(o.createdAt)}</p>
              </div>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
