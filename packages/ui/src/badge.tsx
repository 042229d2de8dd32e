// A short status label ("In stock", "shipped"). Tone carries meaning, the words always say it too.
import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes } from "react";
import { cx } from "./cx";

const badgeClasses = cva("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3.5", {
  variants: {
    tone: {
      neutral: "bg-surface-muted text-ink-muted",
      brand: "bg-brand-soft text-brand-strong",
      success: "bg-success-soft text-success",
      warning: "bg-warning-soft text-warning",
      danger: "bg-danger-soft text-danger",
    },
  },
  defaultVariants: { tone: "neutral" },
});

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeClasses>;

export function Badge({ tone, className, ...props }: BadgeProps) {
  return <span className={cx(badgeClasses({ tone }), className)} {...props} />;
}
