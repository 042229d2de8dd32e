"use client";
// The list's search box and filters. The search box updates the URL a moment after typing
// stops; the other controls at once. The filters fold behind "Filters" (../filter-disclosure.tsx).
import { useEffect, useRef, useState } from "react";
import { Checkbox, Field, Input, Select, cx } from "@once/ui";
import type { LeadStatus } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { StatusOptions } from "../status-options";
import { StaffOptions } from "../staff-options";
import { FiltersButton, useFilterDisclosure } from "../filter-disclosure";
import type { ListState } from "./list-params";

const SEARCH_DELAY_MS = 250;

export function LeadFilters({ state, onChange }: { state: ListState; onChange: (next: Partial<ListState>) => void }) {
  const { t } = useDashboard();
  const [text, setText] = useState(state.q);
  const filters = useFilterDisclosure();
  const active = [state.status, state.assignee, state.from, state.to, state.dup || undefined, state.overdue || undefined, state.tasksDue || undefined].filter(
    Boolean,
  ).length;
  const sent = useRef(state.q);
  // The URL changed from elsewhere (a view, "clear all", back): show its query. Not when it is
  // the box's own earlier text arriving while the person types on.
  useEffect(() => {
    if (state.q !== sent.current) setText((sent.current = state.q));
  }, [state.q]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => onChange({ q: (sent.current = text) }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);
  return (
    <form role="search" onSubmit={(e) => (e.preventDefault(), onChange({ q: (sent.current = text) }))} className="space-y-1">
      <div className="flex items-start gap-2">
        <Field id="lead-search" label={t("leads.search")} className="min-w-0 flex-1">
          <Input id="lead-search" type="search" value={text} placeholder={t("leads.searchPlaceholder")} onChange={(e) => setText(e.target.value)} />
        </Field>
        <div className="pt-7">
          <FiltersButton {...filters.button} active={active} controls="lead-filter-controls" />
        </div>
      </div>
      <div id="lead-filter-controls" className={cx(filters.className, "gap-x-3 sm:grid-cols-2 lg:grid-cols-5")}>
        <Field id="lead-status" label={t("leads.filter.status")}>
          <Select id="lead-status" value={state.status ?? ""} onChange={(e) => onChange({ status: (e.target.value || undefined) as LeadStatus | undefined })}>
            <option value="">{t("leads.filter.anyStatus")}</option>
            <StatusOptions />
          </Select>
        </Field>
        <Field id="lead-assignee" label={t("leads.filter.assignee")}>
          <Select id="lead-assignee" value={state.assignee ?? ""} onChange={(e) => onChange({ assignee: e.target.value || undefined })}>
            <option value="">{t("leads.filter.anyone")}</option>
            <option value="me">{t("leads.filter.me")}</option>
            <option value="unassigned">{t("leads.filter.unassigned")}</option>
            <StaffOptions />
          </Select>
        </Field>
        <Field id="lead-from" label={t("leads.filter.from")}>
          <Input id="lead-from" type="date" value={state.from ?? ""} max={state.to} onChange={(e) => onChange({ from: e.target.value || undefined })} />
        </Field>
        <Field id="lead-to" label={t("leads.filter.to")}>
          <Input id="lead-to" type="date" value={state.to ?? ""} min={state.from} onChange={(e) => onChange({ to: e.target.value || undefined })} />
        </Field>
        {/* The check boxes share one cell, so the filters stay one row on a desktop screen: closer
            together there (a pointer), full touch height on phones. */}
        <div className="flex flex-col justify-center gap-1 lg:gap-0 lg:[&>label]:min-h-8">
          <Checkbox label={t("leads.filter.duplicates")} checked={state.dup} onChange={(e) => onChange({ dup: e.target.checked })} />
          <Checkbox label={t("leads.filter.overdue")} checked={state.overdue} onChange={(e) => onChange({ overdue: e.target.checked })} />
          <Checkbox label={t("leads.filter.tasksDue")} checked={state.tasksDue} onChange={(e) => onChange({ tasksDue: e.target.checked })} />
        </div>
      </div>
    </form>
  );
}
