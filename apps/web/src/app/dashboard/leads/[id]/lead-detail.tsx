"use client";
// One lead: contact links (tel:, mailto:), status and assignment (sent with the version this page
// saw; a conflict is explained and offers a reload, never overwritten; any status may be chosen,
// a move backwards asks for a reason), the activity timeline, notes, deliveries, and the
// operation record behind "technical details"; its follow-up tasks above the timeline (./lead-tasks.tsx). Each save (status or assignee, a note, a
// delivery's retry) tells its outcome below its controls, brought into view. "Back to the list"
// returns to the list as it was left (its query, kept for the tab: ../list-params.ts).
import Link from "next/link";
import { errorText } from "../../error-text";
import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Card, Facts, Field, Input, Notice, Select, Textarea } from "@once/ui";
import { ArrowLeft, CircleAlert, Icon, Mail, Phone } from "@once/ui/icons";
import { isBackwardMove, type LeadStatus } from "@once/db/domain";
import type { DashboardTranslate } from "~/i18n/dashboard";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { settledAt, useRevealOutcome } from "../../use-reveal-outcome";
import { StatusOptions } from "../../status-options";
import { StaffOptions } from "../../staff-options";
import { LeadStatusBadge } from "../../status-badge";
import { LAST_LIST_KEY } from "../list-params";
import { LeadTimeline } from "./lead-timeline";
import { SameCustomer } from "./same-customer";
import { LeadTasks } from "./lead-tasks";
import { TakeOffer } from "./take-offer";

const sectionTitle = "mb-3 text-lg font-semibold";

/** A save's line: what went wrong (in the reader's language), `saved`, or nothing while idle or pending. */
const outcomeText = (mutation: { error: unknown; isSuccess: boolean }, t: DashboardTranslate, saved = t("common.saved")): string =>
  mutation.error ? errorText(mutation.error, t) : mutation.isSuccess ? saved : "";
/** The first-response clock's line: answered after, waiting (due by), or overdue. */
function responseClock(
  l: { createdAt: Date; firstResponseAt: Date | null; responseDueAt: Date | null },
  t: DashboardTranslate,
  time: (date: Date, style?: "time") => string,
): string {
  if (l.firstResponseAt) return t("lead.clock.answered", { duration: duration(l.firstResponseAt.getTime() - l.createdAt.getTime(), t) });
  const waited = duration(Date.now() - l.createdAt.getTime(), t);
  if (!l.responseDueAt) return t("lead.clock.untimed", { duration: waited });
  return t(l.responseDueAt < new Date() ? "lead.clock.overdue" : "lead.clock.waiting", { duration: waited, time: time(l.responseDueAt) });
}
const outcomeClass = (failed: boolean) => (failed ? "text-sm font-medium text-danger" : "text-sm text-ink-muted");

/** "12 min", "1 h 5 min": how long a lead waited (or has waited) for its first response. */
function duration(ms: number, t: DashboardTranslate): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return minutes < 60 ? t("lead.duration.minutes", { minutes }) : t("lead.duration.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** `selfId`: the signed-in staff member, for "I'll take it"; `offerTake`: opened from a take link, the offer comes first. */
export function LeadDetail({ id, isAdmin, selfId, offerTake = false }: { id: string; isAdmin: boolean; selfId: string; offerTake?: boolean }) {
  const trpc = useTRPC();
  const { t, time, locale } = useDashboard();
  const queryClient = useQueryClient();
  const lead = useQuery(trpc.dashboard.leads.get.queryOptions({ id }));
  const [note, setNote] = useState("");
  const [backTo, setBackTo] = useState("/dashboard/leads");
  useEffect(() => setBackTo(`/dashboard/leads${sessionStorage.getItem(LAST_LIST_KEY) ?? ""}`), []);
  /** A status chosen that moves backwards: waits for its reason. */
  const [pending, setPending] = useState<LeadStatus | null>(null);
  const [reason, setReason] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dashboard.leads.get.queryKey({ id }) });
  const update = useMutation(
    trpc.dashboard.leads.update.mutationOptions({
      onSuccess: () => (setPending(null), setReason(""), refresh()),
    }),
  );
  // Below the status and assignee controls: on a phone often under the screen's foot.
  const outcomeArea = useRevealOutcome<HTMLDivElement>(settledAt(update));
  const addNote = useMutation(trpc.dashboard.leads.addNote.mutationOptions({ onSuccess: () => (setNote(""), refresh()) }));
  const noteOutcomeArea = useRevealOutcome<HTMLParagraphElement>(settledAt(addNote));
  const requeue = useMutation(trpc.dashboard.deliveries.requeue.mutationOptions({ onSuccess: refresh }));
  const undoMerge = useMutation(trpc.dashboard.leads.undoMerge.mutationOptions({ onSuccess: refresh }));
  const undoOutcomeArea = useRevealOutcome<HTMLParagraphElement>(settledAt(undoMerge));
  const requeueOutcomeArea = useRevealOutcome<HTMLParagraphElement>(settledAt(requeue));
  if (lead.error)
    return (
      <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert">
        {errorText(lead.error, t)}
      </Notice>
    );
  if (!lead.data) return <p className="text-ink-muted">{t("common.loading")}</p>;
  const l = lead.data;
  const chooseStatus = (next: LeadStatus) => {
    if (isBackwardMove(l.status, next)) return setPending(next);
    setPending(null);
    update.mutate({ id, version: l.version, status: next });
  };
  return (
    <article className="space-y-4">
      <Link href={backTo} className="inline-flex min-h-10 items-center gap-1.5 text-sm font-medium text-brand hover:underline">
        <Icon node={ArrowLeft} className="size-4" />
        {t("lead.back")}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("lead.title", { number: l.number })}</h1>
        <LeadStatusBadge status={l.status} t={t} />
        {l.possibleDuplicate ? <Badge tone="warning">{t("leads.possibleDuplicate")}</Badge> : null}
      </header>
      {offerTake ? (
        <TakeOffer
          number={l.number}
          selfId={selfId}
          owner={l.assignee}
          answered={!!l.firstResponseAt}
          mergedInto={l.mergedInto}
          busy={update.isPending}
          onTake={() => update.mutate({ id, version: l.version, assigneeId: selfId })}
        />
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <Card>
          <Facts>
            <dt>{t("lead.received")}</dt>
            <dd>{time(l.createdAt)}</dd>
            <dt>{t("lead.name")}</dt>
            <dd>{l.name}</dd>
            <dt>{t("lead.phone")}</dt>
            <dd>
              <a
                href={`tel:${l.phone.replace(/[^\d+]/g, "")}`}
                className="inline-flex items-center gap-1.5 text-brand hover:underline"
                aria-label={t("lead.call", { phone: l.phone })}
              >
                <Icon node={Phone} className="size-4" />
                {l.phone}
              </a>
            </dd>
            <dt>{t("lead.email")}</dt>
            <dd>
              {l.email ? (
                <a
                  href={`mailto:${l.email}`}
                  className="inline-flex items-center gap-1.5 break-all text-brand hover:underline"
                  aria-label={t("lead.mail", { email: l.email })}
                >
                  <Icon node={Mail} className="size-4" />
                  {l.email}
                </a>
              ) : (
                t("common.none")
              )}
            </dd>
            <dt>{t("lead.company")}</dt>
            <dd>{l.company ?? t("common.none")}</dd>
            {l.guide ? (
              <>
                <dt>{t("lead.guide")}</dt>
                <dd data-testid="lead-guide">{locale === "en" ? l.guide.titleEn : l.guide.titleZh}</dd>
              </>
            ) : null}
            <dt>{t("lead.message")}</dt>
            <dd className="whitespace-pre-line">{l.content}</dd>
            <dt>{t("lead.clock.label")}</dt>
            <dd
              data-testid="response-clock"
              className={!l.firstResponseAt && l.responseDueAt && l.responseDueAt < new Date() ? "font-medium text-danger" : undefined}
            >
              {responseClock(l, t, time)}
            </dd>
          </Facts>
        </Card>
        <Card role="region" aria-labelledby="work-heading">
          <h2 id="work-heading" className={sectionTitle}>
            {t("lead.work")}
          </h2>
          <Field id="lead-status-change" label={t("lead.status", { status: t(`common.status.${l.status}`) })}>
            <Select id="lead-status-change" value="" disabled={update.isPending} onChange={(e) => e.target.value && chooseStatus(e.target.value as LeadStatus)}>
              <option value="">{t("lead.changeTo")}</option>
              <StatusOptions except={l.status} />
            </Select>
          </Field>
          {pending ? (
            <form
              className="mb-4 rounded-control border border-warning/40 bg-warning-soft p-3"
              data-testid="reason-form"
              onSubmit={(e) => (e.preventDefault(), update.mutate({ id, version: l.version, status: pending, reason: reason.trim() }))}
            >
              <Field
                id="status-reason"
                label={t("lead.reason")}
                hint={t("lead.reasonHint", { from: t(`common.status.${l.status}`), to: t(`common.status.${pending}`) })}
              >
                <Input id="status-reason" value={reason} maxLength={500} required autoFocus onChange={(e) => setReason(e.target.value)} />
              </Field>
              <div className="flex gap-2">
                <Button type="submit" variant="primary" size="sm" disabled={!reason.trim() || update.isPending}>
                  {t("lead.reasonConfirm")}
                </Button>
                <Button size="sm" onClick={() => (setPending(null), setReason(""))}>
                  {t("lead.cancel")}
                </Button>
              </div>
            </form>
          ) : null}
          {!l.firstResponseAt && !offerTake ? (
            <Button
              className="mb-4"
              variant="primary"
              disabled={update.isPending}
              onClick={() => update.mutate({ id, version: l.version, assigneeId: selfId })}
            >
              {t("lead.takeIt")}
            </Button>
          ) : null}
          <Field id="lead-assignee-change" label={t("lead.assignee")}>
            <Select
              id="lead-assignee-change"
              value={l.assignee?.id ?? ""}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ id, version: l.version, assigneeId: e.target.value || null })}
            >
              <option value="">{t("lead.unassigned")}</option>
              <StaffOptions current={l.assignee} />
            </Select>
          </Field>
          <div ref={outcomeArea}>
            <p role="status" className={outcomeClass(!!update.error)} data-testid="update-status">
              {outcomeText(update, t)}
            </p>
            {update.error ? (
              <Button className="mt-2" onClick={() => (update.reset(), void refresh())}>
                {t("lead.reloadLead")}
              </Button>
            ) : null}
          </div>
        </Card>
      </div>
      <LeadTasks leadId={id} leadNumber={l.number} mergedInto={l.mergedInto} self={{ id: selfId, isAdmin }} />
      <Card role="region" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className={sectionTitle}>
          {t("lead.timeline")}
        </h2>
        <LeadTimeline
          receivedAt={l.createdAt}
          arrival={l.arrival}
          activities={l.activities}
          notes={l.notes}
          deliveries={l.deliveries}
          merges={l.merges}
          mergedNotes={l.mergedNotes}
          onUndoMerge={(mergeId) => undoMerge.mutate({ mergeId })}
        />
        <p ref={undoOutcomeArea} role="status" className={`mt-2 ${outcomeClass(!!undoMerge.error)}`} data-testid="undo-merge-status">
          {outcomeText(undoMerge, t, t("lead.merge.undone"))}
        </p>
        <form className="mt-6" onSubmit={(e) => (e.preventDefault(), addNote.mutate({ id, body: note }))}>
          <Field id="note" label={t("lead.addNote")}>
            <Textarea id="note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={2000} />
          </Field>
          <Button type="submit" variant="primary" disabled={addNote.isPending || note.trim() === ""}>
            {t("lead.addNoteButton")}
          </Button>
          <p ref={noteOutcomeArea} role="status" className={`mt-2 ${outcomeClass(!!addNote.error)}`} data-testid="note-status">
            {outcomeText(addNote, t)}
          </p>
        </form>
      </Card>
      {l.possibleDuplicates.length > 0 || l.orders.length > 0 || l.mergedInto ? (
        <SameCustomer leadId={id} mergedInto={l.mergedInto} leads={l.possibleDuplicates} orders={l.orders} onChanged={refresh} />
      ) : null}
      <Card role="region" aria-labelledby="delivery-heading">
        <h2 id="delivery-heading" className={sectionTitle}>
          {t("lead.deliveries")}
        </h2>
        {l.deliveries.length === 0 && l.chatItems.length === 0 ? <p className="text-sm text-ink-muted">{t("lead.noChannel")}</p> : null}
        {l.chatItems.length > 0 ? (
          <ul className="mb-2 space-y-2 text-sm" data-testid="chat-deliveries">
            {l.chatItems.map((c) => (
              <li key={`${c.channel.name}-${c.kind}-${c.createdAt.toISOString()}`}>
                {t(c.kind === "escalation" ? "lead.chatEscalation" : "lead.chat", {
                  channel: `${c.channel.name} (${t(`lead.chatPlatform.${c.channel.platform}`)})`,
                  status: c.message ? t(`lead.chatStatus.${c.message.status}`, { count: c.message.leadCount }) : t("lead.chatStatus.waiting"),
                })}
              </li>
            ))}
          </ul>
        ) : null}
        <ul className="space-y-2 text-sm">
          {l.deliveries.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-2">
              {/* The owner's assignment e-mail is told apart from the lead's announcement on the same channel. */}
              {t(d.kind === "lead_assigned" ? "lead.deliveryAssigned" : d.kind === "task_reminder" ? "lead.deliveryTaskReminder" : "lead.delivery", {
                channel: t(`lead.channel.${d.channel}`),
                status: t(`lead.deliveryStatus.${d.status}`),
                attempts: d.attempts,
              })}
              {d.lastError ? <span className="text-ink-muted">— {t("lead.lastError", { error: d.lastError })}</span> : null}
              {d.status === "dead" && isAdmin ? (
                <Button size="sm" onClick={() => requeue.mutate({ id: d.id })} disabled={requeue.isPending}>
                  {t("lead.retryDelivery")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        {/* Only admins can retry a delivery: no one else gets an (empty) outcome line for it. */}
        {isAdmin ? (
          <p ref={requeueOutcomeArea} role="status" className={`mt-2 ${outcomeClass(!!requeue.error)}`} data-testid="requeue-status">
            {/* Not requeued: it was no longer a dead letter (someone retried it meanwhile); the refetch shows its state. */}
            {outcomeText(requeue, t, requeue.data?.requeued === false ? t("lead.notRequeued") : t("common.saved"))}
          </p>
        ) : null}
      </Card>
      <Card>
        <details>
          <summary className="min-h-10 cursor-pointer text-lg font-semibold">{t("lead.technical")}</summary>
          <h2 id="operation-heading" className="mt-3 mb-2 font-semibold">
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
        </details>
      </Card>
    </article>
  );
}
