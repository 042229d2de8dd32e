"use client";
// The lead list: filters, search, "load more" (keyset pages) and live updates: a server-sent
// event for each new lead refreshes the list at once; re-reading every 2 s is the fallback
// (e.g. behind a proxy that buffers event streams).
import Link from "next/link";
import { useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useTRPC } from "~/trpc/react";
import { LEAD_STATUSES, type LeadStatus } from "@once/db/domain";
import { StaffOptions } from "../staff-options";

const STATUSES = LEAD_STATUSES;
type Filters = { status?: LeadStatus; possibleDuplicate?: boolean; assignee?: string; search?: string; from?: string; to?: string };

export function LeadTable() {
  const trpc = useTRPC();
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
    <section>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          Search
          <input
            type="search"
            placeholder="name, phone or message"
            onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value.trim() || undefined }))}
          />
        </label>
        <label>
          Status
          <select onChange={(e) => setFilters((f) => ({ ...f, status: (e.target.value || undefined) as Filters["status"] }))}>
            <option value="">any</option>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Assignee
          <select onChange={(e) => setFilters((f) => ({ ...f, assignee: e.target.value || undefined }))}>
            <option value="">anyone</option>
            <option value="unassigned">unassigned</option>
            <StaffOptions />
          </select>
        </label>
        <label>
          From
          <input type="date" onChange={(e) => setFilters((f) => ({ ...f, from: e.target.value || undefined }))} />
        </label>
        <label>
          To
          <input type="date" onChange={(e) => setFilters((f) => ({ ...f, to: e.target.value || undefined }))} />
        </label>
        <label className="checkbox">
          <input type="checkbox" onChange={(e) => setFilters((f) => ({ ...f, possibleDuplicate: e.target.checked || undefined }))} />
          possible duplicates only
        </label>
      </form>
      <p>
        <a
          href={`/api/dashboard/leads.csv?${new URLSearchParams(
            Object.entries(filters)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v)]),
          ).toString()}`}
          download
        >
          Export these leads as CSV
        </a>
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Received</th>
            <th scope="col">Name</th>
            <th scope="col">Phone</th>
            <th scope="col">Status</th>
            <th scope="col">Assignee</th>
            <th scope="col">Notified</th>
          </tr>
        </thead>
        <tbody>
          {leads.data?.pages.flatMap((page) =>
            page.items.map((lead) => (
              <tr key={lead.id} data-testid="lead-row">
                <td>
                  <Link href={`/dashboard/leads/${lead.id}`}>{lead.number}</Link>
                  {lead.possibleDuplicate ? <span className="badge">possible duplicate</span> : null}
                </td>
                <td>{lead.createdAt.toLocaleString()}</td>
                <td>{lead.name}</td>
                <td>{lead.phone}</td>
                <td>{lead.status}</td>
                <td>{lead.assignee?.name ?? "—"}</td>
                <td>{lead.deliveries.map((d) => `${d.channel}: ${d.status}`).join(", ") || "—"}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      {leads.hasNextPage ? (
        <button type="button" onClick={() => void leads.fetchNextPage()} disabled={leads.isFetchingNextPage}>
          Load more
        </button>
      ) : null}
    </section>
  );
}
