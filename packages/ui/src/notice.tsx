// A boxed message with an icon and a tone: confirmations, pending results, refusals, notices.
import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "./cx";

const TONE = {
  info: "border-brand/30 bg-brand-soft [&>svg]:text-brand",
  success: "border-success/30 bg-success-soft [&>svg]:text-success",
  warning: "border-warning/30 bg-warning-soft [&>svg]:text-warning",
  danger: "border-danger/30 bg-danger-soft [&>svg]:text-danger",
} as const;

export type NoticeProps = Omit<HTMLAttributes<HTMLDivElement>, "title"> & { tone?: keyof typeof TONE; icon?: ReactNode; title?: ReactNode };

export function Notice({ tone = "info", icon, title, className, children, ...props }: NoticeProps) {
  return (
    <div className={cx("flex gap-3 rounded-card border p-4 sm:p-5 [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0", TONE[tone], className)} {...props}>
      {icon}
      <div className="min-w-0 flex-1 space-y-1.5 text-sm">
        {title ? <p className="text-base font-semibold text-ink">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
