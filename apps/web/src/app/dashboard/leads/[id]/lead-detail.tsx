"use client";
// One lead: status and assignment (sent with the version this page saw; a conflict is shown,
// never overwritten), notes, the operation record, possible duplicates and deliveries.
import Link from "next/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Card, Facts, Field, Notice, Select, Textarea } from "@once/ui";
import { CircleAlert, Icon } from "@once/ui/icons";
import { LEAD_TRANSITIONS, type LeadStatus } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { protocolCode } from "../../protocol-code";
import { StaffOptions } from "../../staff-options";
import { LeadStatusBadge } from "../../status-badge";

const sectionTitle = "mb-3 text-lg font-semibold";

export function LeadDetail({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const trpc = useTRPC();
  const { t, time } = useDashboard();
  const queryClient = useQueryClient();
  const lead = useQuery(trpc.dashboard.leads.get.queryOptions({ id }));
  const [note, setNote] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dashboard.leads.get.queryKey({ id }) });
  const update = useMutation(trpc.dashboard.leads.update.mutationOptions({ onSuccess: refresh }));
  const addNote = useMutation(trpc.dashboard.leads.addNote.mutationOptions({ onSuccess: () => (setNote(""), refresh()) }));
  const requeue = useMutation(trpc.dashboard.deliveries.requeue.mutationOptions({ onSuccess: refresh }));
  if (lead.error)
    return (
      <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert">
        {t("common.error", { message: lead.error.message })}
      </Notice>
    );
  if (!lead.data) return <p className="text-ink-muted">{t("common.loading")}</p>;
  const l = lead.data;
  const updateMessage = update.error
    ? protocolCode(update.error) === "STALE_VERSION"
      ? t("common.conflict")
      : t("common.error", { message: update.error.message })
    : update.isSuccess
      ? t("common.saved")
      : "";
  return (
    <article className="space-y-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("lead.title", { number: l.number })}</h1>
        <LeadStatusBadge status={l.status} t={t} />
        {l.possibleDuplicate ? <Badge tone="warning">{t("leads.possibleDuplicate")}</Badge> : null}
      </header>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <Card>
          <Facts>
            <dt>{t("lead.received")}</dt>
            <dd>{time(l.createdAt)}</dd>
            <dt>{t("lead.name")}</dt>
            <dd>{l.name}</dd>
            <dt>{t("lead.phone")}</dt>
            <dd>{l.phone}</dd>
            <dt>{t("lead.email")}</dt>
            <dd>{l.email ?? t("common.none")}</dd>
            <dt>{t("lead.company")}</dt>
            <dd>{l.company ?? t("common.none")}</dd>
            <dt>{t("lead.message")}</dt>
            <dd className="whitespace-pre-line">{l.content}</dd>
          </Facts>
        </Card>
        <Card role="region" aria-labelledby="work-heading">
          <h2 id="work-heading" className={sectionTitle}>
            {t("lead.work")}
          </h2>
          <Field id="lead-status-change" label={t("lead.status", { status: t(`common.status.${l.status}`) })}>
            <Select
              id="lead-status-change"
              value=""
              disabled={update.isPending || LEAD_TRANSITIONS[l.status].length === 0}
              onChange={(e) => e.target.value && update.mutate({ id, version: l.version, status: e.target.value as LeadStatus })}
            >
              <option value="">{t("lead.changeTo")}</option>
              {LEAD_TRANSITIONS[l.status].map((s) => (
                <option key={s} value={s}>
                  {t(`common.status.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="lead-assignee-change" label={t("lead.assignee")}>
            <Select
              id="lead-assignee-change"
              value={l.assignee?.id ?? ""}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ id, version: l.version, assigneeId: e.target.value || null })}
            >
              <option value="">{t("lead.unassigned")}</option>
              <StaffOptions />
            </Select>
          </Field>
          <p role="status" className={update.error ? "text-sm font-medium text-danger" : "text-sm text-ink-muted"} data-testid="update-status">
            {updateMessage}
          </p>
          {update.error ? (
            <Button className="mt-2" onClick={() => (update.reset(), void refresh())}>
              {t("lead.reloadLead")}
            </Button>
          ) : null}
        </Card>
      </div>
      <Card role="region" aria-labelledby="notes-heading">
        <h2 id="notes-heading" className={sectionTitle}>
          {t("lead.notes")}
        </h2>
        <ul className="mb-4 space-y-2 text-sm">
          {l.notes.map((n) => (
            <li key={n.id}>
              <span className="text-ink-muted">{t("lead.noteBy", { author: n.author.name, time: time(n.createdAt) })}</span>{" "}
              <span className="whitespace-pre-line">{n.body}</span>
            </li>
          ))}
        </ul>
        <form onSubmit={(e) => (e.preventDefault(), addNote.mutate({ id, body: note }))}>
          <Field id="note" label={t("lead.addNote")}>
            <Textarea id="note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={2000} />
          </Field>
          <Button type="submit" variant="primary" disabled={addNote.isPending || note.trim() === ""}>
            {t("lead.addNoteButton")}
          </Button>
        </form>
      </Card>
      <Card role="region" aria-labelledby="delivery-heading">
        <h2 id="delivery-heading" className={sectionTitle}>
          {t("lead.deliveries")}
        </h2>
        {l.deliveries.length === 0 ? <p className="text-sm text-ink-muted">{t("lead.noChannel")}</p> : null}
        <ul className="space-y-2 text-sm">
          {l.deliveries.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-2">
              {t("lead.delivery", { channel: d.channel, status: d.status, attempts: d.attempts })}
              {d.lastError ? <span className="text-ink-muted">— {t("lead.lastError", { error: d.lastError })}</span> : null}
              {d.status === "dead" && isAdmin ? (
                <Button size="sm" onClick={() => requeue.mutate({ id: d.id })} disabled={requeue.isPending}>
                  {t("lead.retryDelivery")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
      <Card role="region" aria-labelledby="operation-heading">
        <h2 id="operation-heading" className={sectionTitle}>
          {t("lead.operation")}
        </h2>
        {l.operation ? (
          <p className="text-sm break-words">
            {t("lead.operationText", {
              key: l.operation.key,
              outcome: l.operation.outcome,
              first: time(l.operation.createdAt),
              until: time(l.operation.expiresAt, "date"),
              total: 1 + l.operation.replayCount + l.operation.conflictCount + l.operation.inProgressCount,
              replays: l.operation.replayCount,
              conflicts: l.operation.conflictCount,
              inProgress: l.operation.inProgressCount,
            })}
          </p>
        ) : (
          <p className="text-sm text-ink-muted">{t("lead.operationMissing")}</p>
        )}
        <h3 className="mt-4 mb-2 font-semibold">{t("lead.samePhone")}</h3>
        {l.possibleDuplicates.length === 0 ? <p className="text-sm text-ink-muted">{t("lead.noneSamePhone")}</p> : null}
        <ul className="space-y-1 text-sm">
          {l.possibleDuplicates.map((d) => (
            <li key={d.id}>
              <Link href={`/dashboard/leads/${d.id}`} className="font-mono text-brand hover:underline">
                {d.number}
              </Link>{" "}
              ({time(d.createdAt)})
            </li>
          ))}
        </ul>
      </Card>
    </article>
  );
}
