"use client";
// "My tasks" above the lead list: the signed-in member's open follow-up tasks (dashboard.tasks.mine),
// folded into one line that says how many and how many are overdue; opened, each task with its
// due time and a link to its lead. Nothing at all while the member has none.
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { cx } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";

const REFRESH_MS = 30_000;

export function MyTasks() {
  const trpc = useTRPC();
  const { t, time } = useDashboard();
  const tasks = useQuery({ ...trpc.dashboard.tasks.mine.queryOptions(), refetchInterval: REFRESH_MS });
  if (!tasks.data?.length) return null;
  const now = new Date();
  const overdue = tasks.data.filter((task) => task.dueAt < now).length;
  return (
    <details className="rounded-control border border-line bg-surface px-3 py-2 text-sm" data-testid="my-tasks">
      <summary className="min-h-8 cursor-pointer font-medium">
        {t("leads.myTasks", { n: tasks.data.length })}
        {overdue > 0 ? <span className="text-danger"> · {t("leads.myTasksOverdue", { n: overdue })}</span> : null}
      </summary>
      <ul className="mt-2 space-y-1.5">
        {tasks.data.map((task) => (
          <li key={task.id} className="flex flex-wrap items-baseline gap-x-3">
            <Link href={`/dashboard/leads/${task.leadId}`} className="font-mono font-medium text-brand hover:underline">
              {task.leadNumber}
            </Link>
            <span className="min-w-0 break-words">{task.title}</span>
            <span className={cx("text-ink-muted", task.dueAt < now && "font-medium text-danger")}>{t("lead.tasks.dueAt", { time: time(task.dueAt) })}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
