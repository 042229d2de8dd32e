// A short status label ("In stock", "shipped"). Tone carries meaning, the words always say it too.
import type { HTMLAttributes } from "react";
import { cx } from "./cx";

const TONE = {
  neutral: "bg-surface-muted text-ink-muted",
  brand: "bg-brand-soft text-brand-strong",
  success: "bg-success-soft text-success",
  warning: "bg-warning-soft text-warning",
  danger: "bg-danger-soft text-danger",
} as const;

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof TONE };

export function Badge({ tone = "neutral", className, ...props }: BadgeProps) {
  return (
    <span
      className={cx("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3.5", TONE[tone], className)}
      {...props}
    />
  );
}
