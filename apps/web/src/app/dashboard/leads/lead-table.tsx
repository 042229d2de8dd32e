"use client";
// The lead list: search, filters, sort and saved views, all in the URL (./list-params.ts);
// counts per status; "load more" (keyset pages); bulk actions (./bulk-bar.tsx); cards on phones
// (./lead-rows.tsx); new leads live with a highlight and their number in the tab title
// (./use-live-leads.ts), polling only while the live stream is down; the member's open tasks
// folded above it (./my-tasks.tsx).
import { usePathname, useSearchParams } from "next/navigation";
import { errorText } from "../error-text";
import { useCallback, useEffect, useMemo, useState } from "react";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Button, DataTable, Notice, cx } from "@once/ui";
import { CircleAlert, Icon, Inbox, WifiOff } from "@once/ui/icons";
import { LEAD_STATUSES } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { dayStartIn } from "~/i18n/time-zone";
import { useTRPC } from "~/trpc/react";
import { BulkBar } from "./bulk-bar";
import { LeadFilters } from "./lead-filters";
import { LeadCards, LeadTableRows, type LeadRow } from "./lead-rows";
import { EMPTY_STATE, isFiltered, LAST_LIST_KEY, listQuery, parseListState, type ListState, type Sort } from "./list-params";
import { SavedViewsBar } from "./saved-views-bar";
import { MyTasks } from "./my-tasks";
import { usePhone } from "../use-phone";
import { useLiveLeads, useTitleCount } from "./use-live-leads";
import { ExportLinks } from "../export-links";

const POLL_MS = 2_000;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function LeadTable() {
  const trpc = useTRPC();
  const { t, timeZone } = useDashboard();
  const pathname = usePathname();
  const params = useSearchParams();
  const state = useMemo(() => parseListState(new URLSearchParams(params.toString())), [params]);
  const query = listQuery(state);
  useEffect(() => sessionStorage.setItem(LAST_LIST_KEY, query), [query]);
  // history.replaceState: Next keeps useSearchParams in step, and the list re-reads through
  // its query without a server render per keystroke.
  const navigate = useCallback((next: ListState) => window.history.replaceState(null, "", `${pathname}${listQuery(next)}`), [pathname]);
  const change = useCallback((patch: Partial<ListState>) => navigate({ ...state, ...patch }), [navigate, state]);

  const filter = {
    search: state.q || undefined,
    status: state.status,
    assignee: state.assignee,
    possibleDuplicate: state.dup || undefined,
    overdue: state.overdue || undefined,
    tasksDue: state.tasksDue || undefined,
    from: state.from ? dayStartIn(state.from, timeZone) : undefined,
    to: state.to ? new Date(dayStartIn(nextDay(state.to), timeZone).getTime() - 1) : undefined,
  };
  const [polling, setPolling] = useState(true);
  const leads = useInfiniteQuery(
    trpc.dashboard.leads.list.infiniteQueryOptions(
      { limit: 25, sort: state.sort, dir: state.dir, ...filter },
      { getNextPageParam: (page) => page.nextCursor ?? undefined, refetchInterval: polling ? POLL_MS : false, placeholderData: keepPreviousData },
    ),
  );
  const counts = useQuery({
    ...trpc.dashboard.leads.counts.queryOptions({ ...filter, status: undefined }),
    refetchInterval: polling ? POLL_MS : false,
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => void Promise.all([leads.refetch(), counts.refetch()]), [leads, counts]);
  const live = useLiveLeads(refresh);
  useEffect(() => setPolling(live.polling), [live.polling]);

  const rows: LeadRow[] = useMemo(() => leads.data?.pages.flatMap((p) => p.items) ?? [], [leads.data]);
  const unseen = rows.filter((r) => live.fresh.has(r.id)).length;
  useTitleCount(
    unseen,
    useCallback((n: number, title: string) => t("leads.title.unseen", { n, title }), [t]),
  );

  const [selected, setSelected] = useState<ReadonlyMap<string, number>>(new Map());
  const selectedRows = rows.filter((r) => selected.has(r.id));
  const select = (row: LeadRow, on: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (on) next.set(row.id, row.version);
      else next.delete(row.id);
      return next;
    });
  const selectAll = (on: boolean) => setSelected(on ? new Map(rows.map((r) => [r.id, r.version])) : new Map());
  // A new column starts the natural way (names A→Z, statuses along the workflow, newest first).
  const sortBy = (column: Sort) =>
    change({ sort: column, dir: state.sort === column ? (state.dir === "asc" ? "desc" : "asc") : column === "received" ? "desc" : "asc" });
  const phone = usePhone();

  return (
    <section className="space-y-4">
      <SavedViewsBar query={query} onChoose={(q) => navigate(parseListState(new URLSearchParams(q)))} />
      <MyTasks />
      <LeadFilters state={state} onChange={change} />
      <ExportLinks
        what="leads"
        query={new URLSearchParams(
          Object.entries({ ...filter, status: state.status })
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(v)]),
        ).toString()}
      />
      <StatusCounts state={state} counts={counts.data} onChoose={(status) => change({ status: state.status === status ? undefined : status })} />
      {live.polling ? (
        <p className="flex items-center gap-2 text-sm text-ink-muted" data-testid="live-polling">
          <Icon node={WifiOff} className="size-4" />
          {t("leads.live.polling")}
        </p>
      ) : null}
      {unseen > 0 ? (
        <p className="flex flex-wrap items-center gap-3 text-sm font-medium text-brand" role="status">
          {t("leads.live.unseen", { n: unseen })}
          <Button size="sm" variant="ghost" onClick={() => live.seen()}>
            {t("leads.live.markSeen")}
          </Button>
        </p>
      ) : null}
      <BulkBar rows={selectedRows} onClear={() => setSelected(new Map())} onDone={() => (setSelected(new Map()), refresh())} onReload={refresh} />
      {leads.error ? (
        <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert">
          {errorText(leads.error, t)}
        </Notice>
      ) : null}
      {leads.isSuccess && rows.length === 0 ? (
        <NoResults state={state} onClear={() => navigate({ ...EMPTY_STATE, sort: state.sort, dir: state.dir })} />
      ) : phone ? (
        <LeadCards rows={rows} fresh={live.fresh} selected={selected} onSelect={select} onOpen={live.seen} />
      ) : (
        <DataTable className={cx(leads.isPlaceholderData && "opacity-70")}>
          <LeadTableRows
            rows={rows}
            fresh={live.fresh}
            selected={selected}
            onSelect={select}
            onSelectAll={selectAll}
            onOpen={live.seen}
            sort={state.sort}
            dir={state.dir}
            onSort={sortBy}
          />
        </DataTable>
      )}
      {leads.hasNextPage ? (
        <Button onClick={() => void leads.fetchNextPage()} disabled={leads.isFetchingNextPage}>
          {t("common.loadMore")}
        </Button>
      ) : null}
    </section>
  );
}

type Counts = Record<(typeof LEAD_STATUSES)[number], { count: number; capped: boolean }>;

function StatusCounts({ state, counts, onChoose }: { state: ListState; counts: Counts | undefined; onChoose: (s: (typeof LEAD_STATUSES)[number]) => void }) {
  const { t, locale } = useDashboard();
  return (
    <div role="group" aria-label={t("leads.counts")} className="flex flex-wrap gap-2" data-testid="status-counts">
      {LEAD_STATUSES.map((status) => {
        const c = counts?.[status];
        const number = c ? c.count.toLocaleString(locale) : "…";
        return (
          <button
            key={status}
            type="button"
            aria-pressed={state.status === status}
            data-status={status}
            onClick={() => onChoose(status)}
            className={cx(
              "inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm",
              state.status === status ? "border-brand bg-brand-soft text-brand-strong" : "border-line bg-surface text-ink-muted hover:bg-surface-muted",
            )}
          >
            {t("leads.count", { status: t(`common.status.${status}`), count: c?.capped ? t("leads.countCapped", { count: number }) : number })}
          </button>
        );
      })}
    </div>
  );
}

function NoResults({ state, onClear }: { state: ListState; onClear: () => void }) {
  const { t } = useDashboard();
  const trpc = useTRPC();
  const staff = useQuery(trpc.dashboard.staff.queryOptions());
  if (!isFiltered(state))
    return (
      <Notice icon={<Icon node={Inbox} />} data-testid="no-results">
        {t("leads.empty.none")}
      </Notice>
    );
  const assignee =
    state.assignee === "me"
      ? t("leads.filter.me")
      : state.assignee === "unassigned"
        ? t("leads.filter.unassigned")
        : (staff.data?.find((s) => s.id === state.assignee)?.name ?? state.assignee);
  const active = [
    state.q && t("leads.active.search", { value: state.q }),
    state.status && t("leads.active.status", { value: t(`common.status.${state.status}`) }),
    assignee && t("leads.active.assignee", { value: assignee }),
    state.from && t("leads.active.from", { value: state.from }),
    state.to && t("leads.active.to", { value: state.to }),
    state.dup && t("leads.active.duplicates"),
    state.overdue && t("leads.active.overdue"),
    state.tasksDue && t("leads.active.tasksDue"),
  ].filter(Boolean);
  return (
    <Notice icon={<Icon node={Inbox} />} title={t("leads.empty.title")} data-testid="no-results">
      <p>{t("leads.empty.filters", { filters: active.join(" · ") })}</p>
      <Button size="sm" className="mt-2" onClick={onClear}>
        {t("leads.clearAll")}
      </Button>
    </Notice>
  );
}
