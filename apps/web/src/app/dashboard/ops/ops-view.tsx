"use client";
// What the protocol answered in the last 24 hours, the outbox backlog and failing deliveries.
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Card, Facts } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import type { DashboardTranslate } from "~/i18n/dashboard";
import { HourlyChart } from "./hourly-chart";

const KINDS = ["executed", "replayed", "conflict", "in_progress", "expired", "rejected"] as const;

/** Seconds as "45 s" or "12 min" in the reader's language. */
const span = (seconds: number, t: DashboardTranslate) =>
  seconds < 60 ? t("ops.seconds", { value: Math.round(seconds) }) : t("ops.minutes", { value: Math.round(seconds / 60) });

export function OpsView() {
  const trpc = useTRPC();
  const { t } = useDashboard();
  const { data } = useQuery({ ...trpc.dashboard.ops.summary.queryOptions(), refetchInterval: 10_000 });
  if (!data) return <p className="text-ink-muted">{t("common.loading")}</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card aria-labelledby="answers-heading" role="region">
        <h2 id="answers-heading" className="mb-3 text-lg font-semibold">
          {t("ops.last24h")}
        </h2>
        <Facts data-testid="ops-totals">
          {KINDS.map((kind) => (
            <div key={kind} className="contents">
              <dt>{t(`ops.kind.${kind}`)}</dt>
              <dd className="tabular-nums">{data.totals[kind] ?? 0}</dd>
            </div>
          ))}
        </Facts>
      </Card>
      <Card aria-labelledby="times-heading" role="region">
        <h2 id="times-heading" className="mb-3 text-lg font-semibold">
          {t("ops.times.title")}
        </h2>
        <Facts data-testid="ops-times">
          {(["assign", "respond"] as const).map((which) => {
            const q = which === "assign" ? data.times.timeToAssign : data.times.timeToFirstResponse;
            return (
              <div key={which} className="contents">
                <dt>{t(`ops.times.${which}`)}</dt>
                <dd className="tabular-nums">
                  {q.p50 === null || q.p95 === null ? t("ops.times.none") : t("ops.times.value", { p50: span(q.p50, t), p95: span(q.p95, t) })}
                </dd>
              </div>
            );
          })}
        </Facts>
      </Card>
      <Card aria-labelledby="chart-heading" role="region" className="overflow-x-auto lg:col-span-2">
        <h2 id="chart-heading" className="mb-3 text-lg font-semibold">
          {t("ops.chart.title")}
        </h2>
        <HourlyChart hours={data.perHour} />
      </Card>
      <Card aria-labelledby="outbox-heading" role="region" className="lg:col-span-2">
        <h2 id="outbox-heading" className="mb-3 text-lg font-semibold">
          {t("ops.outbox.title")}
        </h2>
        <p className="text-sm">
          {t("ops.outbox.counts", {
            pending: data.outbox.pending ?? 0,
            queued: data.outbox.queued ?? 0,
            delivered: data.outbox.delivered ?? 0,
            dead: data.outbox.dead ?? 0,
          })}
        </p>
        <ul className="mt-2 space-y-1 text-sm">
          {data.failing.map((f) => (
            <li key={f.id}>
              <Link href={`/dashboard/leads/${f.lead.id}`} className="font-mono text-brand hover:underline">
                {f.lead.number}
              </Link>{" "}
              {t("ops.outbox.failing", { channel: f.channel, status: f.status, attempts: f.attempts, error: f.lastError ?? "" })}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
