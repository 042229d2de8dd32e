// The look of a destructive action's button (cancelling an order): outlined in the danger colour,
// which reads in light and dark. Kept here rather than as a variant of @once/ui's Button, whose
// variant table is in every customer form's first load (BENCHMARKS.md, page weight), where no
// destructive action exists. Same shape as Button's (packages/ui/src/button.tsx BASE).
import { cx } from "@once/ui";

const DANGER =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-control border border-danger bg-surface px-4 text-sm font-semibold text-danger " +
  "transition-colors hover:bg-danger-soft disabled:cursor-not-allowed disabled:opacity-55";

export const dangerButtonClasses = (className?: string) => cx(DANGER, className);
