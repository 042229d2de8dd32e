// A surface that groups one thing: a guide, a form, a receipt.
import type { HTMLAttributes } from "react";
import { cx } from "./cx";

export const cardClasses = "rounded-card border border-line bg-surface shadow-card";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(cardClasses, "p-5 sm:p-6", className)} {...props} />;
}
