"use client";
// Bulk assign and bulk status change for the selected leads. Each lead is sent with the version
// the list showed; the answer is reported per lead (changed, already so, refused and why), and a
// lead someone else changed meanwhile offers to reload the list.
import { useState } from "react";
import { errorText } from "../error-text";
import { useMutation } from "@tanstack/react-query";
import { Button, Card, Field, Input, Notice, Select } from "@once/ui";
import { CircleAlert, CircleCheck, Icon } from "@once/ui/icons";
import { isBackwardMove, type LeadStatus } from "@once/db/domain";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { StatusOptions } from "../status-options";
import { StaffOptions } from "../staff-options";
import type { LeadRow } from "./lead-rows";

type Outcome = { id: string; outcome: "updated" | "unchanged" } | { id: string; outcome: "refused"; reason: string };

export function BulkBar({ rows, onDone, onClear, onReload }: { rows: LeadRow[]; onDone: () => void; onClear: () => void; onReload: () => void }) {
  const { t } = useDashboard();
  const trpc = useTRPC();
  const [assignee, setAssignee] = useState("");
  const [status, setStatus] = useState<LeadStatus | "">("");
  const [reason, setReason] = useState("");
  const [report, setReport] = useState<{ results: Outcome[]; numbers: Map<string, string> } | null>(null);
  const bulk = useMutation(
    trpc.dashboard.leads.bulkUpdate.mutationOptions({
      onSuccess: (results) => {
        setReport({ results, numbers: new Map(rows.map((r) => [r.id, r.number])) });
        onDone();
      },
    }),
  );
  const needsReason = status !== "" && rows.some((r) => isBackwardMove(r.status, status));
  const leads = rows.map((r) => ({ id: r.id, version: r.version }));
  const counts = report && {
    done: report.results.filter((r) => r.outcome === "updated").length,
    unchanged: report.results.filter((r) => r.outcome === "unchanged").length,
    refused: report.results.filter((r) => r.outcome === "refused").length,
  };
  return (
    <div className="space-y-3">
      {rows.length ? (
        <Card role="region" aria-label={t("leads.bulk.label")} className="p-4 sm:p-4" data-testid="bulk-bar">
          <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
            <p className="self-center text-sm font-semibold">{t("leads.selected", { n: rows.length })}</p>
            <div className="flex items-end gap-2">
              <Field id="bulk-assignee" label={t("leads.bulk.assign")} className="w-44">
                <Select id="bulk-assignee" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
                  <option value="">{t("leads.bulk.choose")}</option>
                  <option value="unassigned">{t("leads.filter.unassigned")}</option>
                  <StaffOptions />
                </Select>
              </Field>
              <Button
                className="mb-6"
                disabled={!assignee || bulk.isPending}
                onClick={() => bulk.mutate({ leads, assigneeId: assignee === "unassigned" ? null : assignee })}
              >
                {t("leads.bulk.assignApply")}
              </Button>
            </div>
            <div className="flex items-end gap-2">
              <Field id="bulk-status" label={t("leads.bulk.status")} className="w-44">
                <Select id="bulk-status" value={status} onChange={(e) => setStatus(e.target.value as LeadStatus | "")}>
                  <option value="">{t("leads.bulk.choose")}</option>
                  <StatusOptions />
                </Select>
              </Field>
              <Button
                className="mb-6"
                disabled={!status || (needsReason && !reason.trim()) || bulk.isPending}
                onClick={() => status && bulk.mutate({ leads, status, ...(needsReason && { reason: reason.trim() }) })}
              >
                {t("leads.bulk.statusApply")}
              </Button>
            </div>
            {needsReason ? (
              <Field id="bulk-reason" label={t("leads.bulk.reason")} hint={t("leads.bulk.reasonHint")} className="w-full max-w-xl">
                <Input id="bulk-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
              </Field>
            ) : null}
            <Button variant="ghost" className="mb-6" onClick={onClear}>
              {t("leads.bulk.clear")}
            </Button>
          </div>
          {bulk.error ? <p className="text-sm font-medium text-danger">{errorText(bulk.error, t)}</p> : null}
        </Card>
      ) : null}
      {report && counts ? (
        <Notice
          tone={counts.refused ? "warning" : "success"}
          icon={<Icon node={counts.refused ? CircleAlert : CircleCheck} />}
          title={t("leads.bulk.report", counts)}
          data-testid="bulk-report"
          role="status"
        >
          <ul className="space-y-0.5">
            {report.results.map((r) => (
              <li key={r.id} data-outcome={r.outcome}>
                <span className="font-mono">{report.numbers.get(r.id)}</span>:{" "}
                {r.outcome === "refused"
                  ? t(`leads.bulk.refused.${r.reason as "stale"}`)
                  : r.outcome === "updated"
                    ? t("leads.bulk.updated")
                    : t("leads.bulk.unchanged")}
              </li>
            ))}
          </ul>
          {report.results.some((r) => r.outcome === "refused" && r.reason === "stale") ? (
            <Button size="sm" className="mt-2" onClick={() => (setReport(null), onReload())}>
              {t("leads.bulk.reload")}
            </Button>
          ) : null}
        </Notice>
      ) : null}
    </div>
  );
}
