"use client";
// The end of a submission form: its button, the note for a press held before the engine, the
// status region and the engine's binding, as ./use-deferred-submission.tsx hands them out. The
// order form writes these out itself: this module would be one more in its first load, which
// is at its budget (BENCHMARKS.md, page weight).
import type { OperationType } from "./registry";
import { SubmitButton } from "./submit-button";
import type { DeferredSubmission } from "./use-deferred-submission";

interface FormEndProps {
  submission: DeferredSubmission;
  kind: OperationType;
  /** The submit button's label and icon (./send-icon.tsx, drawn by the server page; none by default). */
  label: string;
  icon?: React.ReactNode;
  /** The note for a press held before the engine (./held-note.tsx, drawn by the server page). */
  heldNote: React.ReactNode;
  /** The form's react-hook-form state: while it validates (which may wait for the engine) the button waits too. */
  form: { formState: { isSubmitting: boolean } };
  subject?: string;
  /** What "start again" does, when the form has more to reset than a new key. */
  onStartNew?: () => void;
}

/** The end of every submission form: its button, the held press's note, the status region and the engine's binding. */
export function FormEnd({ submission: s, kind, label, icon = null, heldNote, form, subject, onStartNew }: FormEndProps) {
  return (
    <>
      <SubmitButton label={label} phase={s.view.phase} waiting={s.starting || form.formState.isSubmitting} icon={icon} />
      {heldNote}
      <s.Status submission={s} kind={kind} subject={subject} onStartNew={onStartNew} />
      {s.binding}
    </>
  );
}
