"use client";
// Correcting one follow-up task in place (packages/api's editLeadTask): its title, its due time
// (in the staff member's time zone) and whom it is for, on the version the list showed. Only the
// fields changed are sent; a stale version (someone changed the task meanwhile) is a conflict,
// worded in the reader's language, and the list is read again so the change they missed shows.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button, Field, Input, Select } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { wallTimeIn, wallTimeOf } from "~/i18n/time-zone";
import { useTRPC } from "~/trpc/react";
import { StaffOptions } from "../../staff-options";
import { taskOutcome } from "./task-outcome";

export interface EditableTask {
  id: string;
  version: number;
  title: string;
  dueAt: Date;
  assignee: { id: string; name: string };
}

export function TaskEditForm({ task, onDone, onSaved }: { task: EditableTask; onDone: () => void; onSaved: () => Promise<unknown> }) {
  const trpc = useTRPC();
  const { t, timeZone } = useDashboard();
  const [title, setTitle] = useState(task.title);
  const dueAsSaved = wallTimeOf(task.dueAt, timeZone);
  const [due, setDue] = useState(dueAsSaved);
  const [assigneeId, setAssigneeId] = useState(task.assignee.id);
  const edit = useMutation(
    trpc.dashboard.tasks.edit.mutationOptions({
      onSuccess: () => onSaved().then(onDone),
      // A conflict: the list is read again, so the form's next save names the current version.
      onError: () => void onSaved(),
    }),
  );
  const changes = {
    ...(title.trim() !== task.title && { title }),
    ...(due !== dueAsSaved && { dueAt: wallTimeIn(due, timeZone) }),
    ...(assigneeId !== task.assignee.id && { assigneeId }),
  };
  const id = (field: string) => `task-${task.id}-${field}`;
  return (
    <form
      className="grid min-w-0 flex-1 gap-x-3 sm:grid-cols-2"
      aria-label={t("lead.tasks.editing", { title: task.title })}
      data-testid="task-edit"
      onSubmit={(e) => {
        e.preventDefault();
        edit.mutate({ id: task.id, version: task.version, ...changes });
      }}
    >
      <Field id={id("title")} label={t("lead.tasks.what")} className="sm:col-span-2">
        <Input id={id("title")} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field id={id("due")} label={t("lead.tasks.due")} hint={t("common.timeZone", { zone: timeZone })}>
        <Input id={id("due")} type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} />
      </Field>
      <Field id={id("assignee")} label={t("lead.tasks.assignee")}>
        <Select id={id("assignee")} value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)}>
          <StaffOptions current={task.assignee} />
        </Select>
      </Field>
      <div className="mb-2 flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" variant="primary" size="sm" disabled={edit.isPending || !title.trim() || !due || Object.keys(changes).length === 0}>
          {t("lead.tasks.save")}
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          {t("lead.tasks.cancel")}
        </Button>
      </div>
      <p role="status" className={edit.error ? "text-sm font-medium text-danger sm:col-span-2" : "sr-only"} data-testid="task-edit-status">
        {taskOutcome(edit, t, "")}
      </p>
    </form>
  );
}
