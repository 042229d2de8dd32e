// Follow-up tasks on a lead ("call back Tuesday"): a title, a due time and an assignee (by
// default the lead's owner, else whoever adds it). Anyone on staff adds, edits (title, due time,
// assignee), completes or reopens one; its creator or an admin deletes it. An edit names the
// task's version it was made on: if the task changed since, nothing is written and the answer is
// a conflict, as with the lead's version. Each change is an activity on the lead's timeline
// (lead_activity, kinds task_*) in the change's own transaction. A task is planning, not a reply
// to the customer: adding or completing one does not stop the first-response clock.
// Merges move nothing (./lead-merge.ts): a task on a merged lead stays on it and is listed, and
// reminded, as its primary's; a merged lead takes no new task (add it on the primary). The
// reminder at the due time is the first-response clock's round's
// (packages/notify/src/response-clock/task-reminders.ts).
import { z } from "zod";
import type { Prisma, PrismaClient } from "@once/db";
import { formatLeadNumber } from "@once/db/domain";
import { safeText } from "../text-safety.ts";
import { UnknownId } from "./unknown-id.ts";

/** A due time this far in the past is taken as a mistake (a clock a little behind is not). */
export const DUE_PAST_GRACE_MS = 60_000;

export const taskAddInput = z.object({
  leadId: z.uuid(),
  title: z.string().trim().min(1, "the task has no title").max(200, "at most 200 characters").check(safeText("title")),
  dueAt: z.coerce.date().refine((d) => !Number.isNaN(d.getTime()), "not a time"),
  /** A staff id; omitted: the lead's owner, or the one adding it when the lead has none. */
  assigneeId: z.string().min(1).max(64).check(safeText("assigneeId")).optional(),
});
export const taskEditInput = z
  .object({
    id: z.uuid(),
    /** The task's version the edit was made on (the list shows it). */
    version: z.number().int().min(1),
    title: taskAddInput.shape.title.optional(),
    dueAt: taskAddInput.shape.dueAt.optional(),
    /** A staff id. */
    assigneeId: z.string().min(1).max(64).check(safeText("assigneeId")).optional(),
  })
  .refine((e) => e.title !== undefined || e.dueAt !== undefined || e.assigneeId !== undefined, "nothing to change");
export const taskDoneInput = z.object({ id: z.uuid(), done: z.boolean() });
export const taskIdInput = z.object({ id: z.uuid() });
export const taskListInput = z.object({ leadId: z.uuid() });

export type TaskRefusalReason = "TASK_DUE_PAST" | "TASK_ASSIGNEE_DISABLED" | "TASK_LEAD_MERGED" | "TASK_NOT_YOURS";

/** The task changed since the version an edit names. */
export class TaskConflict extends Error {
  constructor(readonly currentVersion: number) {
    super(`this task was changed by someone else since you opened it (now version ${currentVersion}); reload to see the change`);
  }
}

export class TaskRefusal extends Error {
  constructor(
    readonly reason: TaskRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export interface TaskActor {
  id: string;
  role: string;
}

const TASK_SELECT = {
  id: true,
  leadId: true,
  title: true,
  dueAt: true,
  createdAt: true,
  doneAt: true,
  remindedAt: true,
  version: true,
  assignee: { select: { id: true, name: true } },
  createdBy: { select: { id: true, name: true } },
  doneBy: { select: { name: true } },
  lead: { select: { number: true } },
} satisfies Prisma.LeadTaskSelect;

type TaskRow = Prisma.LeadTaskGetPayload<{ select: typeof TASK_SELECT }>;
const shown = ({ lead, ...task }: TaskRow) => ({ ...task, leadNumber: formatLeadNumber(lead.number) });

/** The lead a task is shown on: its own, or the primary it was merged into. */
async function shownOn(tx: Prisma.TransactionClient, leadId: string): Promise<{ id: string; version: number }> {
  const lead = await tx.lead.findUniqueOrThrow({
    where: { id: leadId },
    select: { id: true, version: true, mergedInto: { select: { id: true, version: true } } },
  });
  return lead.mergedInto ?? { id: lead.id, version: lead.version };
}

export async function addLeadTask(prisma: PrismaClient, actor: TaskActor, input: z.infer<typeof taskAddInput>) {
  if (input.dueAt.getTime() < Date.now() - DUE_PAST_GRACE_MS) throw new TaskRefusal("TASK_DUE_PAST", "the due time has passed; choose a time from now on");
  if (input.assigneeId) await checkAssignee(prisma, input.assigneeId);
  // Inside the transaction only flat reads and writes: Prisma loads a select's relations side by
  // side, which on a transaction's one connection queues them (and pg warns); the task as shown is
  // read after the commit.
  const id = await prisma.$transaction(async (tx) => {
    // Locked, so a merge of this lead waits for the task (and the task sees a merge that won).
    const [lead] = await tx.$queryRaw<{ merged_into_id: string | null; assignee_id: string | null; version: number }[]>`
      select merged_into_id, assignee_id, version from lead where id = ${input.leadId}::uuid for share`;
    if (!lead) throw new UnknownId("lead");
    if (lead.merged_into_id) throw new TaskRefusal("TASK_LEAD_MERGED", "this lead is merged into another; add the task there");
    let assigneeId = input.assigneeId ?? actor.id;
    if (!input.assigneeId && lead.assignee_id) {
      // The owner, unless their account was disabled since: then the one adding it.
      const owner = await tx.user.findUnique({ where: { id: lead.assignee_id }, select: { disabledAt: true } });
      if (owner && !owner.disabledAt) assigneeId = lead.assignee_id;
    }
    const task = await tx.leadTask.create({
      data: { leadId: input.leadId, title: input.title, dueAt: input.dueAt, assigneeId, createdById: actor.id },
      select: { id: true, title: true, dueAt: true },
    });
    await tx.leadActivity.create({
      data: {
        leadId: input.leadId,
        actorId: actor.id,
        kind: "task_added",
        toAssigneeId: assigneeId,
        taskTitle: task.title,
        taskDueAt: task.dueAt,
        leadVersion: lead.version,
      },
    });
    return task.id;
  });
  return shown(await prisma.leadTask.findUniqueOrThrow({ where: { id }, select: TASK_SELECT }));
}

/** A staff member a task may be given to: known (else UnknownId) and not disabled. */
async function checkAssignee(prisma: PrismaClient, assigneeId: string): Promise<void> {
  const staff = await prisma.user.findUnique({ where: { id: assigneeId }, select: { disabledAt: true } });
  if (!staff) throw new UnknownId("staff member");
  if (staff.disabledAt) throw new TaskRefusal("TASK_ASSIGNEE_DISABLED", "this staff member's account is disabled");
}

/**
 * Corrects a task's title, due time or assignee, on the version the editor saw. A new due time
 * must not have passed and re-arms the reminder (it comes again at the new time, as a new item
 * of the outbox: the task takes a new `number`). Fields given as they already are change nothing;
 * an edit that changes nothing writes nothing (no version, no timeline entry).
 */
export async function editLeadTask(prisma: PrismaClient, actor: TaskActor, input: z.infer<typeof taskEditInput>) {
  if (input.assigneeId) await checkAssignee(prisma, input.assigneeId);
  const changed = await prisma.$transaction(async (tx) => {
    const [task] = await tx.$queryRaw<{ lead_id: string; title: string; due_at: Date; assignee_id: string; version: number }[]>`
      select lead_id, title, due_at, assignee_id, version from lead_task where id = ${input.id}::uuid for update`;
    if (!task) throw new UnknownId("task");
    if (task.version !== input.version) throw new TaskConflict(task.version);
    const title = input.title !== undefined && input.title !== task.title ? input.title : undefined;
    const dueAt = input.dueAt !== undefined && input.dueAt.getTime() !== task.due_at.getTime() ? input.dueAt : undefined;
    const assigneeId = input.assigneeId !== undefined && input.assigneeId !== task.assignee_id ? input.assigneeId : undefined;
    if (title === undefined && dueAt === undefined && assigneeId === undefined) return false;
    if (dueAt && dueAt.getTime() < Date.now() - DUE_PAST_GRACE_MS) throw new TaskRefusal("TASK_DUE_PAST", "the due time has passed; choose a time from now on");
    await tx.$executeRaw`
      update lead_task set
        title = coalesce(${title ?? null}::varchar, title),
        due_at = coalesce(${dueAt ?? null}::timestamptz, due_at),
        assignee_id = coalesce(${assigneeId ?? null}::text, assignee_id),
        reminded_at = case when ${dueAt !== undefined}::boolean then null else reminded_at end,
        number = case when ${dueAt !== undefined}::boolean then nextval(pg_get_serial_sequence('lead_task', 'number')) else number end,
        version = version + 1
      where id = ${input.id}::uuid`;
    const lead = await shownOn(tx, task.lead_id);
    await tx.leadActivity.create({
      data: {
        leadId: lead.id,
        actorId: actor.id,
        kind: "task_edited",
        taskTitle: title ?? task.title,
        taskDueAt: dueAt ?? task.due_at,
        fromTaskTitle: title !== undefined ? task.title : null,
        fromTaskDueAt: dueAt !== undefined ? task.due_at : null,
        fromAssigneeId: assigneeId !== undefined ? task.assignee_id : null,
        toAssigneeId: assigneeId ?? null,
        leadVersion: lead.version,
      },
    });
    return true;
  });
  return { ...shown(await prisma.leadTask.findUniqueOrThrow({ where: { id: input.id }, select: TASK_SELECT })), changed };
}

/** Completes or reopens a task; one already so is left alone (no second timeline entry). */
export async function setLeadTaskDone(prisma: PrismaClient, actor: TaskActor, input: z.infer<typeof taskDoneInput>) {
  const changed = await prisma.$transaction(async (tx) => {
    const changed = await tx.leadTask.updateMany({
      where: { id: input.id, doneAt: input.done ? null : { not: null } },
      data: { ...(input.done ? { doneAt: new Date(), doneById: actor.id } : { doneAt: null, doneById: null }), version: { increment: 1 } },
    });
    const task = await tx.leadTask.findUnique({ where: { id: input.id }, select: { leadId: true, title: true, dueAt: true } });
    if (!task) throw new UnknownId("task");
    if (changed.count === 1) {
      const lead = await shownOn(tx, task.leadId);
      await tx.leadActivity.create({
        data: {
          leadId: lead.id,
          actorId: actor.id,
          kind: input.done ? "task_completed" : "task_reopened",
          taskTitle: task.title,
          taskDueAt: task.dueAt,
          leadVersion: lead.version,
        },
      });
    }
    return changed.count === 1;
  });
  // Deleted meanwhile: the change was made, the task is gone.
  const task = await prisma.leadTask.findUnique({ where: { id: input.id }, select: TASK_SELECT });
  if (!task) throw new UnknownId("task");
  return { ...shown(task), changed };
}

/** Deletes a task: its creator or an admin. Its reminder, if written, stays in the outbox's history. */
export async function deleteLeadTask(prisma: PrismaClient, actor: TaskActor, input: z.infer<typeof taskIdInput>) {
  return prisma.$transaction(async (tx) => {
    const [task] = await tx.$queryRaw<{ lead_id: string; title: string; due_at: Date; created_by_id: string }[]>`
      select lead_id, title, due_at, created_by_id from lead_task where id = ${input.id}::uuid for update`;
    if (!task) throw new UnknownId("task");
    if (task.created_by_id !== actor.id && actor.role !== "admin") throw new TaskRefusal("TASK_NOT_YOURS", "only the task's creator or an admin can delete it");
    await tx.leadTask.delete({ where: { id: input.id } });
    const lead = await shownOn(tx, task.lead_id);
    await tx.leadActivity.create({
      data: { leadId: lead.id, actorId: actor.id, kind: "task_deleted", taskTitle: task.title, taskDueAt: task.due_at, leadVersion: lead.version },
    });
    return { deleted: true };
  });
}

/** A lead's tasks and those of the leads merged into it: open ones by due time, then done ones, latest first. */
export async function listLeadTasks(prisma: PrismaClient, input: z.infer<typeof taskListInput>) {
  if ((await prisma.lead.count({ where: { id: input.leadId } })) === 0) throw new UnknownId("lead");
  const tasks = await prisma.leadTask.findMany({
    where: { OR: [{ leadId: input.leadId }, { lead: { mergedIntoId: input.leadId } }] },
    select: TASK_SELECT,
    orderBy: [{ dueAt: "asc" }, { createdAt: "asc" }],
    take: 200,
  });
  const open = tasks.filter((t) => !t.doneAt);
  const done = tasks.filter((t) => t.doneAt).sort((a, b) => b.doneAt!.getTime() - a.doneAt!.getTime());
  return [...open, ...done].map(shown);
}

/** The caller's open tasks, soonest due first, each with the lead it is shown on. */
export async function myOpenTasks(prisma: PrismaClient, staffId: string) {
  const tasks = await prisma.leadTask.findMany({
    where: { assigneeId: staffId, doneAt: null },
    select: { ...TASK_SELECT, lead: { select: { number: true, mergedInto: { select: { id: true, number: true } } } } },
    orderBy: { dueAt: "asc" },
    take: 20,
  });
  return tasks.map(({ lead, ...task }) => ({
    ...task,
    // Shown on the primary when its lead was merged.
    leadId: lead.mergedInto?.id ?? task.leadId,
    leadNumber: formatLeadNumber(lead.mergedInto?.number ?? lead.number),
  }));
}
