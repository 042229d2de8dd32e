"use client";
// A lead's history in one list, oldest first: received (and the owner it got on arrival), status and assignee changes (who, when,
// the reason of a move backwards), notes (line breaks kept), notification deliveries, and the
// leads merged into it (their notes too), each merge with its undo, and each follow-up task
// added, edited (what it changed), completed, reopened or deleted (with its title as it was).
import type { ReactNode } from "react";
import { Button } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import type { ArrivalAssignment, DeliveryStatus, LeadStatus, NotificationChannel } from "@once/db/domain";

interface Activity {
  id: string;
  kind: "status" | "assignee" | "task_added" | "task_completed" | "task_reopened" | "task_deleted" | "task_edited";
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  fromAssignee: string | null;
  toAssignee: string | null;
  reason: string | null;
  taskTitle: string | null;
  taskDueAt: Date | null;
  /** task_edited: what the edit replaced (null where it left it). */
  fromTaskTitle: string | null;
  fromTaskDueAt: Date | null;
  createdAt: Date;
  actor: { name: string };
}
interface Note {
  id: string;
  body: string;
  createdAt: Date;
  author: { name: string };
}
interface Delivery {
  id: string;
  kind: string;
  channel: NotificationChannel;
  status: DeliveryStatus;
  createdAt: Date;
  deliveredAt: Date | null;
}

interface Merge {
  id: string;
  number: string;
  createdAt: Date;
  actor: { name: string };
  undoneAt: Date | null;
  undoneBy: { name: string } | null;
}

const TASK_EVENTS = {
  task_completed: "lead.event.taskCompleted",
  task_reopened: "lead.event.taskReopened",
  task_deleted: "lead.event.taskDeleted",
} as const;

type Entry = { key: string; at: Date; kind: string; title: string; body?: string; action?: ReactNode };

export function LeadTimeline({
  receivedAt,
  arrival,
  activities,
  notes,
  deliveries,
  merges = [],
  mergedNotes = [],
  onUndoMerge,
}: {
  receivedAt: Date;
  /** Who got it in the transaction that created it, and how. */
  arrival: { how: ArrivalAssignment; owner: string } | null;
  activities: Activity[];
  notes: Note[];
  deliveries: Delivery[];
  /** Leads merged into this one (and merges undone), each undoable here while it stands. */
  merges?: Merge[];
  /** The merged leads' notes, with their lead's number. */
  mergedNotes?: (Note & { number: string })[];
  onUndoMerge?: (mergeId: string) => void;
}) {
  const { t, time } = useDashboard();
  const status = (s: LeadStatus | null) => (s ? t(`common.status.${s}`) : t("common.none"));
  const entries: Entry[] = [
    { key: "received", at: receivedAt, kind: "received", title: t("lead.event.received") },
    ...(arrival ? [{ key: "arrival", at: receivedAt, kind: "assignee", title: t(`lead.event.arrival.${arrival.how}`, { owner: arrival.owner }) }] : []),
    ...activities.map((a): Entry => {
      const actor = a.actor.name;
      if (a.kind !== "status" && a.kind !== "assignee") {
        const title = a.taskTitle ?? "";
        if (a.kind === "task_edited") {
          // What changed, one line each: the title it had, the due time and the assignee from → to.
          const changes = [
            a.fromTaskTitle !== null && t("lead.event.taskEdit.title", { from: a.fromTaskTitle }),
            a.fromTaskDueAt && a.taskDueAt && t("lead.event.taskEdit.due", { from: time(a.fromTaskDueAt), to: time(a.taskDueAt) }),
            a.toAssignee && t("lead.event.taskEdit.assignee", { from: a.fromAssignee ?? "", to: a.toAssignee }),
          ].filter(Boolean);
          return { key: a.id, at: a.createdAt, kind: "task", title: t("lead.event.taskEdited", { actor, title }), body: changes.join("\n") };
        }
        return {
          key: a.id,
          at: a.createdAt,
          kind: "task",
          title:
            a.kind === "task_added"
              ? t("lead.event.taskAdded", { actor, assignee: a.toAssignee ?? "", title, time: a.taskDueAt ? time(a.taskDueAt) : "" })
              : t(TASK_EVENTS[a.kind], { actor, title }),
        };
      }
      if (a.kind === "status")
        return {
          key: a.id,
          at: a.createdAt,
          kind: "status",
          title: t("lead.event.status", { actor, from: status(a.fromStatus), to: status(a.toStatus) }),
          body: a.reason ? t("lead.event.reason", { reason: a.reason }) : undefined,
        };
      const title = !a.toAssignee
        ? t("lead.event.unassigned", { actor, from: a.fromAssignee ?? "" })
        : a.fromAssignee
          ? t("lead.event.reassigned", { actor, from: a.fromAssignee, to: a.toAssignee })
          : t("lead.event.assigned", { actor, to: a.toAssignee });
      return { key: a.id, at: a.createdAt, kind: "assignee", title };
    }),
    ...notes.map((n): Entry => ({ key: n.id, at: n.createdAt, kind: "note", title: t("lead.event.note", { author: n.author.name }), body: n.body })),
    ...mergedNotes.map((n): Entry => ({
      key: n.id,
      at: n.createdAt,
      kind: "note",
      title: t("lead.event.mergedNote", { author: n.author.name, number: n.number }),
      body: n.body,
    })),
    ...merges.flatMap((m): Entry[] => [
      {
        key: `merge-${m.id}`,
        at: m.createdAt,
        kind: "merge",
        title: t("lead.event.merged", { number: m.number, actor: m.actor.name }),
        action:
          !m.undoneAt && onUndoMerge ? (
            <Button size="sm" className="mt-1" onClick={() => onUndoMerge(m.id)}>
              {t("lead.merge.undo")}
            </Button>
          ) : undefined,
      },
      ...(m.undoneAt
        ? [{ key: `unmerge-${m.id}`, at: m.undoneAt, kind: "merge", title: t("lead.event.unmerged", { number: m.number, actor: m.undoneBy?.name ?? "" }) }]
        : []),
    ]),
    ...deliveries.map((d): Entry => ({
      key: d.id,
      at: d.deliveredAt ?? d.createdAt,
      kind: "delivery",
      title:
        d.kind === "lead_assigned"
          ? t("lead.event.deliveryAssigned", { status: t(`lead.deliveryStatus.${d.status}`) })
          : d.kind === "task_reminder"
            ? t("lead.event.deliveryTaskReminder", { status: t(`lead.deliveryStatus.${d.status}`) })
            : d.kind === "lead_reminder" || d.kind === "lead_escalated"
              ? t(d.kind === "lead_reminder" ? "lead.event.deliveryReminder" : "lead.event.deliveryEscalated", { status: t(`lead.deliveryStatus.${d.status}`) })
              : t("lead.event.delivery", { channel: t(`lead.channel.${d.channel}`), status: t(`lead.deliveryStatus.${d.status}`) }),
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return (
    <ol className="relative space-y-4 border-s border-line ps-5" data-testid="timeline">
      {entries.map((e) => (
        <li key={e.key} data-kind={e.kind} className="relative">
          <span aria-hidden className="absolute -start-[1.6rem] top-1.5 size-2.5 rounded-full bg-brand" />
          <p className="text-sm">
            <span className="font-medium">{e.title}</span> <span className="text-ink-muted">· {time(e.at)}</span>
          </p>
          {e.body ? <p className="mt-1 text-sm whitespace-pre-line text-ink">{e.body}</p> : null}
          {e.action}
        </li>
      ))}
    </ol>
  );
}
