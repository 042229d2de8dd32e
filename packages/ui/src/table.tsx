// A table of records (the dashboard's lists): header row, rows with dividers, horizontal scroll
// inside its card when columns do not fit. Cells are plain <th>/<td>, styled from here.
import type { HTMLAttributes, TableHTMLAttributes } from "react";
import { cx } from "./cx";
import { cardClasses } from "./card";

export function DataTable({ className, wrapperClassName, ...props }: TableHTMLAttributes<HTMLTableElement> & { wrapperClassName?: string }) {
  return (
    <div className={cx(cardClasses, "overflow-x-auto", wrapperClassName)}>
      <table
        className={cx(
          "w-full border-collapse text-start text-sm",
          "[&_th]:border-b [&_th]:border-line [&_th]:bg-surface-muted [&_th]:px-3 [&_th]:py-2.5 [&_th]:text-start [&_th]:font-semibold [&_th]:text-ink-muted [&_th]:whitespace-nowrap",
          "[&_td]:border-b [&_td]:border-line [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-top [&_tbody_tr:last-child_td]:border-b-0",
          className,
        )}
        {...props}
      />
    </div>
  );
}

/** A definition list of facts ("Received: …"), two columns from small screens up. */
export function Facts({ className, ...props }: HTMLAttributes<HTMLDListElement>) {
  return (
    <dl
      className={cx(
        "grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] [&_dt]:font-semibold [&_dt]:text-ink-muted [&_dd]:mb-2 sm:[&_dd]:mb-0 [&_dd]:min-w-0 [&_dd]:break-words",
        className,
      )}
      {...props}
    />
  );
}
