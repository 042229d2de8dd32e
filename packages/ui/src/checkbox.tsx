// A check box with its label beside it, sized for touch. In a module of its own: the bundler
// keeps whole modules, and the customer forms, which import ./field, have no check box.
import type { InputHTMLAttributes, ReactNode } from "react";
import { cx } from "./cx";

export function Checkbox({ label, className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode }) {
  return (
    <label className={cx("inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-ink", className)}>
      <input type="checkbox" className="size-4.5 shrink-0 rounded accent-brand" {...props} />
      {label}
    </label>
  );
}
