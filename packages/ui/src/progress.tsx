// An indeterminate progress bar: "we are still working on it" without inventing a percentage.
import { cx } from "./cx";

export function IndeterminateProgress({ label, className }: { label: string; className?: string }) {
  return (
    <div role="progressbar" aria-label={label} aria-busy="true" className={cx("h-1.5 w-full overflow-hidden rounded-full bg-line", className)}>
      <div className="h-full w-2/5 animate-progress rounded-full bg-brand" />
    </div>
  );
}
