// A boxed message with an icon and a tone: confirmations, pending results, refusals, notices.
import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "./cx";

const noticeClasses = cva("flex gap-3 rounded-card border p-4 sm:p-5 [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0", {
  variants: {
    tone: {
      info: "border-brand/30 bg-brand-soft [&>svg]:text-brand",
      success: "border-success/30 bg-success-soft [&>svg]:text-success",
      warning: "border-warning/30 bg-warning-soft [&>svg]:text-warning",
      danger: "border-danger/30 bg-danger-soft [&>svg]:text-danger",
    },
  },
  defaultVariants: { tone: "info" },
});

export type NoticeProps = Omit<HTMLAttributes<HTMLDivElement>, "title"> & VariantProps<typeof noticeClasses> & { icon?: ReactNode; title?: ReactNode };

export function Notice({ tone, icon, title, className, children, ...props }: NoticeProps) {
  return (
    <div className={cx(noticeClasses({ tone }), className)} {...props}>
      {icon}
      <div className="min-w-0 flex-1 space-y-1.5 text-sm">
        {title ? <p className="text-base font-semibold text-ink">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
