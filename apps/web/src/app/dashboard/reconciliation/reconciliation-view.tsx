"use client";
// One day's reconciliation (packages/api/src/dashboard/reconciliation.ts), the day in the staff
// member's own time zone: the summary, delivery per channel, every gap with a link to its lead,
// and the same as a CSV file (UTF-8 with a BOM, so Excel opens the Chinese text as it is).
import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, DataTable, Facts, Field, Input } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import type { DashboardTranslate } from "~/i18n/dashboard";
import { dayIn, dayStartIn } from "~/i18n/time-zone";
import { useTRPC } from "~/trpc/react";
import { errorText } from "../error-text";

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const span = (seconds: number | null, t: DashboardTranslate) =>
  seconds === null
    ? t("reconciliation.none")
    : seconds < 60
      ? t("reconciliation.seconds", { value: Math.round(seconds) })
      : t("reconciliation.minutes", { value: Math.round(seconds / 60) });
/** A CSV cell: quoted, quotes doubled, and a leading formula character defused. */
const cell = (value: string | number) =>
  `"${String(value)
    .replace(/^[=+\-@]/, "'$&")
    .replaceAll('"', '""')}"`;

export function ReconciliationView() {
  const trpc = useTRPC();
  const { t, timeZone } = useDashboard();
  const [day, setDay] = useState(() => dayIn(new Date(), timeZone));
  const range = { from: dayStartIn(day, timeZone), to: dayStartIn(nextDay(day), timeZone) };
  const report = useQuery(trpc.dashboard.reconciliation.queryOptions(range));
  const r = report.data;
  // The outbox's channels by their names in the reader's language; a group chat by the name its admin gave it.
  const channelName = (channel: string) => (channel === "webhook" || channel === "email" ? t(`lead.channel.${channel}`) : channel);
  const gapText = (gap: { kind: string; channel?: string }) => t(`reconciliation.gap.${gap.kind as "unassigned"}`, { channel: channelName(gap.channel ?? "") });

  const exportCsv = () => {
    if (!r) return;
    const rows: (string | number)[][] = [
      [t("reconciliation.csv.metric"), t("reconciliation.csv.value")],
      [t("reconciliation.day"), day],
      [t("reconciliation.received"), r.received],
      [t("reconciliation.assigned"), r.assigned],
      [t("reconciliation.responded"), r.responded],
      [t("reconciliation.withinTarget"), r.withinTarget],
      [],
      [
        t("reconciliation.col.channel"),
        t("reconciliation.col.delivered"),
        t("reconciliation.col.onTheWay"),
        t("reconciliation.col.failed"),
        t("reconciliation.col.unknown"),
      ],
      ...r.channels.map((c) => [channelName(c.channel), c.delivered, c.onTheWay, c.failed, c.unknown]),
      [],
      [t("reconciliation.col.lead"), t("reconciliation.col.gap")],
      ...r.gaps.map((g) => [g.number, gapText(g)]),
    ];
    const text = `\uFEFF${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
    link.download = `reconciliation-${day}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Field id="reconciliation-day" label={t("reconciliation.day")}>
          <Input id="reconciliation-day" type="date" value={day} max={dayIn(new Date(), timeZone)} onChange={(e) => e.target.value && setDay(e.target.value)} />
        </Field>
        <Button className="mb-4" disabled={!r} onClick={exportCsv}>
          {t("reconciliation.export")}
        </Button>
      </div>
      {report.error ? <p className="text-danger">{errorText(report.error, t)}</p> : null}
      {r ? (
        <>
          <Card role="region" aria-labelledby="summary-heading">
            <h2 id="summary-heading" className="mb-3 text-lg font-semibold">
              {t("reconciliation.summary")}
            </h2>
            <Facts data-testid="reconciliation-summary">
              <dt>{t("reconciliation.received")}</dt>
              <dd className="tabular-nums">{r.received}</dd>
              <dt>{t("reconciliation.assigned")}</dt>
              <dd className="tabular-nums">{r.assigned}</dd>
              <dt>{t("reconciliation.responded")}</dt>
              <dd className="tabular-nums">{r.responded}</dd>
              <dt>{t("reconciliation.withinTarget")}</dt>
              <dd className="tabular-nums">{r.withinTarget}</dd>
              <dt>{t("reconciliation.timeToAssign")}</dt>
              <dd className="tabular-nums">
                {span(r.timeToAssign.p50, t)} · {span(r.timeToAssign.p95, t)}
              </dd>
              <dt>{t("reconciliation.timeToRespond")}</dt>
              <dd className="tabular-nums">
                {span(r.timeToFirstResponse.p50, t)} · {span(r.timeToFirstResponse.p95, t)}
              </dd>
            </Facts>
          </Card>
          <Card role="region" aria-labelledby="channels-heading" className="overflow-x-auto">
            <h2 id="channels-heading" className="mb-3 text-lg font-semibold">
              {t("reconciliation.channels")}
            </h2>
            {r.channels.length === 0 ? (
              <p className="text-sm text-ink-muted">{t("reconciliation.noChannels")}</p>
            ) : (
              <DataTable>
                <thead>
                  <tr>
                    <th scope="col">{t("reconciliation.col.channel")}</th>
                    <th scope="col">{t("reconciliation.col.delivered")}</th>
                    <th scope="col">{t("reconciliation.col.onTheWay")}</th>
                    <th scope="col">{t("reconciliation.col.failed")}</th>
                    <th scope="col">{t("reconciliation.col.unknown")}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.channels.map((c) => (
                    <tr key={c.channel} data-testid="reconciliation-channel" data-channel={c.channel}>
                      <td>{channelName(c.channel)}</td>
                      <td className="tabular-nums">{c.delivered}</td>
                      <td className="tabular-nums">{c.onTheWay}</td>
                      <td className="tabular-nums">{c.failed}</td>
                      <td className="tabular-nums">{c.unknown}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
          </Card>
          <Card role="region" aria-labelledby="gaps-heading">
            <h2 id="gaps-heading" className="mb-3 text-lg font-semibold">
              {t("reconciliation.gaps")}
            </h2>
            {r.gaps.length === 0 ? (
              <p className="text-sm">{t("reconciliation.noGaps")}</p>
            ) : (
              <ul className="space-y-1 text-sm" data-testid="reconciliation-gaps">
                {r.gaps.map((g) => (
                  <li key={`${g.leadId}-${g.kind}-${g.channel ?? ""}`} data-testid="reconciliation-gap">
                    <Link href={`/dashboard/leads/${g.leadId}`} className="font-medium text-brand hover:underline">
                      {g.number}
                    </Link>{" "}
                    — {gapText(g)}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      ) : null}
    </div>
  );
}
