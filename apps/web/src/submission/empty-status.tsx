"use client";
// The status region before the engine has loaded: the same frame as ./submission-status.tsx
// with nothing to say yet (nothing can be submitted before then).
import type { SubmissionStatusProps } from "./submission-status";

export function EmptyStatus(_props: SubmissionStatusProps) {
  return (
    <div className="mt-5" data-phase="form" data-testid="submission-status">
      <div role="status" aria-live="polite" aria-atomic="true" />
    </div>
  );
}
