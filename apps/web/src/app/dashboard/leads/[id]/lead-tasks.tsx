"use client";
// A lead's follow-up tasks (packages/api's dashboard/lead-tasks.ts): add one (what, when in the
// staff member's time zone, for whom: the lead's owner by default), correct one in place
// (./task-edit-form.tsx), tick it done or open again, delete it (its creator or an admin). Open tasks come first by due time, an overdue one marked;
// a merged lead's tasks show here with their lead's number. Each change is on the timeline, so
// the page's lead (and its timeline) is read again after it. A refusal (a due time past, a
// disabled assignee) is worded from its code in the reader's language.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Card, Field, Input, Select, cx } from "@once/ui";
import { Icon, X } from "@once/ui/icons";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { wallTimeIn } from "~/i18n/time-zone";
import { useTRPC } from "~/trpc/react";
import { settledAt, useRevealOutcome } from "../../use-reveal-outcome";
import { StaffOptions } from "../../staff-options";
import { TaskEditForm } from "./task-edit-form";
import { taskOutcome as outcome } from "./task-outcome";

export function LeadTasks({
  leadId,
  leadNumber,
  mergedInto,
  self,
}: {
  leadId: string;
  leadNumber: string;
  /** A merged lead takes no new task: its primary does. */
  mergedInto: { id: string; number: string } | null;
  self: { id: string; isAdmin: boolean };
}) {
  const trpc = useTRPC();
  const { t, time, timeZone } = useDashboard();
  const queryClient = useQueryClient();
  const tasks = useQuery(trpc.dashboard.tasks.list.queryOptions({ leadId }));
  const [title, setTitle] = useState("");
  const [due, setDue] = useState("");
  const [assigneeId, setAssigneeId] = useState("");
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.dashboard.tasks.list.queryKey({ leadId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.dashboard.leads.get.queryKey({ id: leadId }) }),
    ]);
  const add = useMutation(trpc.dashboard.tasks.add.mutationOptions({ onSuccess: () => (setTitle(""), setDue(""), refresh()) }));
  // The box shows the press at once: set in the click's own render (the mutation's state arrives a
  // tick later, and React would meanwhile put the controlled box back), kept until the list is re-read.
  const [pressed, setPressed] = useState<{ id: string; done: boolean } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const setDone = useMutation(trpc.dashboard.tasks.setDone.mutationOptions({ onSettled: () => refresh().finally(() => setPressed(null)) }));
  const remove = useMutation(trpc.dashboard.tasks.delete.mutationOptions({ onSettled: refresh }));
  const addOutcomeArea = useRevealOutcome<HTMLParagraphElement>(settledAt(add));
  const listOutcomeArea = useRevealOutcome<HTMLParagraphElement>(settledAt(remove));
  const now = new Date();
  // A box ticks at once: the change being saved is shown until the list is read again.
  const ticked = (task: { id: string; doneAt: Date | null }) => (pressed?.id === task.id ? pressed.done : !!task.doneAt);
  return (
    <Card role="region" aria-labelledby="tasks-heading">
      <h2 id="tasks-heading" className="mb-3 text-lg font-semibold">
        {t("lead.tasks.title")}
      </h2>
      {tasks.data?.length === 0 ? <p className="mb-3 text-sm text-ink-muted">{t("lead.tasks.none")}</p> : null}
      <ul className="mb-4 divide-y divide-line" data-testid="tasks">
        {tasks.data?.map((task) => {
          const overdue = !task.doneAt && task.dueAt < now;
          return (
            <li
              key={task.id}
              className="flex items-start gap-3 py-2"
              data-testid="task"
              data-overdue={overdue || undefined}
              data-done={!!task.doneAt || undefined}
            >
              <input
                type="checkbox"
                className="mt-1 size-4.5 shrink-0 accent-brand"
                aria-label={t("lead.tasks.markDone", { title: task.title })}
                checked={ticked(task)}
                disabled={setDone.isPending}
                onChange={(e) => {
                  setPressed({ id: task.id, done: e.target.checked });
                  setDone.mutate({ id: task.id, done: e.target.checked });
                }}
              />
              {editing === task.id ? (
                <TaskEditForm task={task} onDone={() => setEditing(null)} onSaved={refresh} />
              ) : (
                <div className="min-w-0 flex-1">
                  <p className={cx("font-medium break-words", task.doneAt && "text-ink-muted line-through")}>{task.title}</p>
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
                    <span className={cx(overdue && "font-medium text-danger")} data-testid="task-due">
                      {t("lead.tasks.dueAt", { time: time(task.dueAt) })}
                    </span>
                    {overdue ? (
                      <Badge tone="danger" data-testid="task-overdue">
                        {t("lead.tasks.overdue")}
                      </Badge>
                    ) : null}
                    <span>{t("lead.tasks.for", { name: task.assignee.name })}</span>
                    {task.leadNumber !== leadNumber ? <span>{t("lead.tasks.onLead", { number: task.leadNumber })}</span> : null}
                    {task.doneAt ? <span>{t("lead.tasks.doneBy", { name: task.doneBy?.name ?? "", time: time(task.doneAt) })}</span> : null}
                  </p>
                </div>
              )}
              {editing !== task.id ? (
                <Button size="sm" className="shrink-0" aria-label={t("lead.tasks.edit", { title: task.title })} onClick={() => setEditing(task.id)}>
                  {t("lead.tasks.editShort")}
                </Button>
              ) : null}
              {task.createdBy.id === self.id || self.isAdmin ? (
                <button
                  type="button"
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-danger"
                  aria-label={t("lead.tasks.delete", { title: task.title })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: task.id })}
                >
                  <Icon node={X} className="size-4" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p
        ref={listOutcomeArea}
        role="status"
        className={remove.error || setDone.error ? "mb-3 text-sm font-medium text-danger" : "sr-only"}
        data-testid="task-list-status"
      >
        {setDone.error ? outcome(setDone, t, "") : outcome(remove, t, t("lead.tasks.deleted"))}
      </p>
      {mergedInto ? (
        <p className="text-sm text-ink-muted" data-testid="tasks-merged">
          {t("lead.tasks.merged", { number: mergedInto.number })}
        </p>
      ) : (
        <form
          className="grid gap-x-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ leadId, title, dueAt: wallTimeIn(due, timeZone), ...(assigneeId && { assigneeId }) });
          }}
        >
          <Field id="task-title" label={t("lead.tasks.what")} className="sm:col-span-2 lg:col-span-1">
            <Input id="task-title" value={title} maxLength={200} placeholder={t("lead.tasks.whatPlaceholder")} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <Field id="task-due" label={t("lead.tasks.due")} hint={t("common.timeZone", { zone: timeZone })}>
            <Input id="task-due" type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} />
          </Field>
          <Field id="task-assignee" label={t("lead.tasks.assignee")}>
            <Select id="task-assignee" value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)}>
              <option value="">{t("lead.tasks.owner")}</option>
              <StaffOptions />
            </Select>
          </Field>
          {/* Level with the controls beside it (below their labels) on a wide screen. */}
          <div className="mb-4 lg:pt-[1.625rem]">
            <Button type="submit" variant="primary" disabled={add.isPending || !title.trim() || !due}>
              {t("lead.tasks.add")}
            </Button>
          </div>
        </form>
      )}
      <p ref={addOutcomeArea} role="status" className={add.error ? "text-sm font-medium text-danger" : "text-sm text-ink-muted"} data-testid="task-status">
        {outcome(add, t, t("lead.tasks.added"))}
      </p>
    </Card>
  );
}
