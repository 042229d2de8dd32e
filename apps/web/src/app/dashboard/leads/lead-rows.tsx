"use client";
// The lead list's rows: a table with sortable columns from `sm` up, cards on phones. Both carry
// the selection check boxes for bulk actions and the "new" highlight of leads that just arrived.
import Link from "next/link";
import { Badge, Card, cx } from "@once/ui";
import { ArrowDown, ArrowUp, Icon } from "@once/ui/icons";
import type { LeadStatus } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import type { DashboardKey } from "~/i18n/dashboard";
import { LeadStatusBadge } from "../status-badge";
import type { Sort } from "./list-params";

export interface LeadRow {
  id: string;
  number: string;
  name: string;
  phone: string;
  company: string | null;
  excerpt: string;
  status: LeadStatus;
  version: number;
  possibleDuplicate: boolean;
  createdAt: Date;
  assignee: { id: string; name: string } | null;
  firstResponseAt: Date | null;
  responseDueAt: Date | null;
  /** An open follow-up task is due (its own or a merged lead's). */
  taskDue: boolean;
}

interface RowsProps {
  rows: LeadRow[];
  fresh: ReadonlySet<string>;
  selected: ReadonlyMap<string, number>;
  onSelect: (row: LeadRow, on: boolean) => void;
  onOpen: (id: string) => void;
}

const freshRow = "bg-brand-soft/70 motion-safe:animate-[pulse_1.2s_ease-in-out_2]";

function RowBadges({ row, isFresh }: { row: LeadRow; isFresh: boolean }) {
  const { t } = useDashboard();
  return (
    <>
      {isFresh ? (
        <Badge tone="brand" className="ms-2" data-testid="fresh-badge">
          {t("leads.live.new")}
        </Badge>
      ) : null}
      {row.possibleDuplicate ? (
        <Badge tone="warning" className="ms-2">
          {t("leads.possibleDuplicate")}
        </Badge>
      ) : null}
      {!row.firstResponseAt && row.responseDueAt && row.responseDueAt < new Date() ? (
        <Badge tone="danger" className="ms-2" data-testid="overdue-badge">
          {t("leads.overdue")}
        </Badge>
      ) : null}
      {row.taskDue ? (
        <Badge tone="warning" className="ms-2" data-testid="task-due-badge">
          {t("leads.taskDue")}
        </Badge>
      ) : null}
    </>
  );
}

function SelectBox({ row, selected, onSelect }: { row: LeadRow } & Pick<RowsProps, "selected" | "onSelect">) {
  const { t } = useDashboard();
  return (
    <input
      type="checkbox"
      className="size-4.5 accent-brand"
      aria-label={t("leads.select", { number: row.number })}
      checked={selected.has(row.id)}
      onChange={(e) => onSelect(row, e.target.checked)}
    />
  );
}

export function LeadTableRows({
  rows,
  fresh,
  selected,
  onSelect,
  onOpen,
  sort,
  dir,
  onSort,
  onSelectAll,
}: RowsProps & { sort: Sort; dir: "asc" | "desc"; onSort: (sort: Sort) => void; onSelectAll: (on: boolean) => void }) {
  const { t, time } = useDashboard();
  const header = (column: Sort, label: DashboardKey) => {
    const active = sort === column;
    return (
      <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}>
        <button
          type="button"
          className="inline-flex items-center gap-1 hover:text-ink"
          onClick={() => onSort(column)}
          title={t("leads.sortBy", { column: t(label) })}
        >
          {t(label)}
          {active ? <Icon node={dir === "asc" ? ArrowUp : ArrowDown} className="size-3.5" /> : null}
        </button>
      </th>
    );
  };
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <>
      <thead>
        <tr>
          <th scope="col" className="w-10">
            <input
              type="checkbox"
              className="size-4.5 accent-brand"
              aria-label={t("leads.selectAll")}
              checked={allSelected}
              onChange={(e) => onSelectAll(e.target.checked)}
            />
          </th>
          <th scope="col">{t("leads.col.number")}</th>
          {header("received", "leads.col.received")}
          {header("name", "leads.col.name")}
          <th scope="col">{t("leads.col.company")}</th>
          <th scope="col">{t("leads.col.message")}</th>
          <th scope="col">{t("leads.col.phone")}</th>
          {header("status", "leads.col.status")}
          <th scope="col">{t("leads.col.assignee")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="lead-row" data-fresh={fresh.has(row.id) || undefined} className={cx(fresh.has(row.id) && freshRow)}>
            <td>
              <SelectBox row={row} selected={selected} onSelect={onSelect} />
            </td>
            <td className="whitespace-nowrap">
              <Link href={`/dashboard/leads/${row.id}`} onClick={() => onOpen(row.id)} className="font-mono font-medium text-brand hover:underline">
                {row.number}
              </Link>
              <RowBadges row={row} isFresh={fresh.has(row.id)} />
            </td>
            <td className="whitespace-nowrap">{time(row.createdAt)}</td>
            <td className="max-w-40 break-words">{row.name}</td>
            <td className="max-w-40 break-words">{row.company ?? t("common.none")}</td>
            <td className="max-w-72 min-w-48 text-ink-muted">{row.excerpt}</td>
            <td className="whitespace-nowrap">{row.phone}</td>
            <td>
              <LeadStatusBadge status={row.status} t={t} />
            </td>
            <td>{row.assignee?.name ?? t("common.none")}</td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

export function LeadCards({ rows, fresh, selected, onSelect, onOpen }: RowsProps) {
  const { t, time } = useDashboard();
  return (
    <ul className="space-y-3">
      {rows.map((row) => (
        <li key={row.id}>
          <Card data-testid="lead-row" data-fresh={fresh.has(row.id) || undefined} className={cx("space-y-2 p-4", fresh.has(row.id) && freshRow)}>
            <div className="flex items-start gap-3">
              <SelectBox row={row} selected={selected} onSelect={onSelect} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-y-1">
                  <Link href={`/dashboard/leads/${row.id}`} onClick={() => onOpen(row.id)} className="font-mono font-medium text-brand hover:underline">
                    {row.number}
                  </Link>
                  <RowBadges row={row} isFresh={fresh.has(row.id)} />
                  <span className="ms-auto">
                    <LeadStatusBadge status={row.status} t={t} />
                  </span>
                </div>
                <p className="font-semibold break-words">
                  {row.name}
                  {row.company ? <span className="font-normal text-ink-muted"> · {row.company}</span> : null}
                </p>
                <p className="text-sm text-ink-muted">{row.excerpt}</p>
                <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-ink-muted">
                  <span>{time(row.createdAt)}</span>
                  <span>{row.phone}</span>
                  <span>{row.assignee?.name ?? t("leads.filter.unassigned")}</span>
                </p>
              </div>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
