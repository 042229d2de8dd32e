"use client";
// The lead list: filters, search, "load more" (keyset pages) and live updates: a server-sent
// event for each new lead refreshes the list at once; re-reading every 2 s is the fallback
// (e.g. behind a proxy that buffers event streams).
import Link from "next/link";
import { useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { Badge, Button, Checkbox, DataTable, Field, Input, Notice, Select } from "@once/ui";
import { CircleAlert, Icon } from "@once/ui/icons";
import { LEAD_STATUSES, type LeadStatus } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { StaffOptions } from "../staff-options";
import { LeadStatusBadge } from "../status-badge";

type Filters = { status?: LeadStatus; possibleDuplicate?: boolean; assignee?: string; search?: string; from?: string; to?: string };

export function LeadTable() {
  const trpc = useTRPC();
  const { t, time } = useDashboard();
  const [filters, setFilters] = useState<Filters>({});
  const input = {
    limit: 25,
    ...filters,
    from: filters.from ? new Date(filters.from) : undefined,
    to: filters.to ? new Date(`${filters.to}T23:59:59`) : undefined,
  };
  const leads = useInfiniteQuery(
    trpc.dashboard.leads.list.infiniteQueryOptions(input, { getNextPageParam: (page) => page.nextCursor ?? undefined, refetchInterval: 2_000 }),
  );
  useSubscription(trpc.dashboard.leads.onCreated.subscriptionOptions(undefined, { onData: () => void leads.refetch() }));
  const error = leads.error?.message;
  return (
    <section className="space-y-4">
      <form className="grid gap-x-3 sm:grid-cols-2 lg:grid-cols-6" role="search" onSubmit={(e) => e.preventDefault()}>
        <Field id="lead-search" label={t("leads.search")} className="lg:col-span-2">
          <Input
            id="lead-search"
            type="search"
            placeholder={t("leads.searchPlaceholder")}
            onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value.trim() || undefined }))}
          />
        </Field>
        <Field id="lead-status" label={t("leads.filter.status")}>
          <Select id="lead-status" onChange={(e) => setFilters((f) => ({ ...f, status: (e.target.value || undefined) as Filters["status"] }))}>
            <option value="">{t("leads.filter.anyStatus")}</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`common.status.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="lead-assignee" label={t("leads.filter.assignee")}>
          <Select id="lead-assignee" onChange={(e) => setFilters((f) => ({ ...f, assignee: e.target.value || undefined }))}>
            <option value="">{t("leads.filter.anyone")}</option>
            <option value="unassigned">{t("leads.filter.unassigned")}</option>
            <StaffOptions />
          </Select>
        </Field>
        <Field id="lead-from" label={t("leads.filter.from")}>
          <Input id="lead-from" type="date" onChange={(e) => setFilters((f) => ({ ...f, from: e.target.value || undefined }))} />
        </Field>
        <Field id="lead-to" label={t("leads.filter.to")}>
          <Input id="lead-to" type="date" onChange={(e) => setFilters((f) => ({ ...f, to: e.target.value || undefined }))} />
        </Field>
        <Checkbox
          label={t("leads.filter.duplicates")}
          onChange={(e) => setFilters((f) => ({ ...f, possibleDuplicate: e.target.checked || undefined }))}
          className="sm:col-span-2 lg:col-span-6"
        />
      </form>
      <p>
        <a
          className="text-sm font-medium text-brand underline-offset-2 hover:underline"
          href={`/api/dashboard/leads.csv?${new URLSearchParams(
            Object.entries(filters)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v)]),
          ).toString()}`}
          download
        >
          {t("leads.export")}
        </a>
      </p>
      {error ? (
        <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert">
          {t("common.error", { message: error })}
        </Notice>
      ) : null}
      <DataTable>
        <thead>
          <tr>
            <th scope="col">{t("leads.col.number")}</th>
            <th scope="col">{t("leads.col.received")}</th>
            <th scope="col">{t("leads.col.name")}</th>
            <th scope="col">{t("leads.col.phone")}</th>
            <th scope="col">{t("leads.col.status")}</th>
            <th scope="col">{t("leads.col.assignee")}</th>
            <th scope="col">{t("leads.col.notified")}</th>
          </tr>
        </thead>
        <tbody>
          {leads.data?.pages.flatMap((page) =>
            page.items.map((lead) => (
              <tr key={lead.id} data-testid="lead-row">
                <td className="whitespace-nowrap">
                  <Link href={`/dashboard/leads/${lead.id}`} className="font-mono font-medium text-brand hover:underline">
                    {lead.number}
                  </Link>
                  {lead.possibleDuplicate ? (
                    <Badge tone="warning" className="ms-2">
                      {t("leads.possibleDuplicate")}
                    </Badge>
                  ) : null}
                </td>
                <td className="whitespace-nowrap">{time(lead.createdAt)}</td>
                <td>{lead.name}</td>
                <td className="whitespace-nowrap">{lead.phone}</td>
                <td>
                  <LeadStatusBadge status={lead.status} t={t} />
                </td>
                <td>{lead.assignee?.name ?? t("common.none")}</td>
                <td>{lead.deliveries.map((d) => t("leads.delivery", { channel: d.channel, status: d.status })).join(", ") || t("common.none")}</td>
              </tr>
            )),
          )}
        </tbody>
      </DataTable>
      {leads.hasNextPage ? (
        <Button onClick={() => void leads.fetchNextPage()} disabled={leads.isFetchingNextPage}>
          {t("common.loadMore")}
        </Button>
      ) : null}
    </section>
  );
}
