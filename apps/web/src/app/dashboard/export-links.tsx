"use client";
// "Export: CSV · Excel (XLSX)" for what a list's filters show (the same query string); the
// files' times are in the staff member's zone (the server reads it from the tz cookie).
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";

export function ExportLinks({ what, query }: { what: "leads" | "orders"; query: string }) {
  const { t, timeZone } = useDashboard();
  const href = (format: "csv" | "xlsx") => `/api/dashboard/${what}.${format}${query ? `?${query}` : ""}`;
  const link = "font-medium text-brand underline-offset-2 hover:underline";
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm" title={t("exports.note", { zone: timeZone })}>
      <span className="text-ink-muted">{t("exports.label")}:</span>
      <a className={link} href={href("csv")} download data-testid={`export-${what}-csv`}>
        {t("exports.csv")}
      </a>
      <span aria-hidden className="text-ink-muted">
        ·
      </span>
      <a className={link} href={href("xlsx")} download data-testid={`export-${what}-xlsx`}>
        {t("exports.xlsx")}
      </a>
    </p>
  );
}
