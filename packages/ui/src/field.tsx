// Form fields: label, control, hint, counter and error in one consistent layout. Only optional
// fields are marked (required is the norm); the marking's words come from the caller, so each
// language uses its own punctuation ("(optional)", "（选填）").
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cx } from "./cx";

export const controlClasses =
  "block w-full rounded-control border border-line-strong bg-surface px-3 py-2.5 text-base text-ink placeholder:text-ink-muted/70 " +
  "transition-colors focus:border-brand focus:outline-2 focus:outline-offset-0 focus:outline-brand/40 " +
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-ink-muted aria-invalid:border-danger";

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Shown beside the label of a field that may be left empty, e.g. "(optional)". */
  optionalMark?: string;
  hint?: ReactNode;
  /** e.g. "12 / 1000"; updated live while typing. */
  counter?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}

export function Field({ id, label, optionalMark, hint, counter, error, children, className }: FieldProps) {
  return (
    <div className={cx("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
          {optionalMark ? <span className="ms-1 font-normal text-ink-muted">{optionalMark}</span> : null}
        </label>
        {counter ? (
          <span className="text-xs text-ink-muted tabular-nums" id={`${id}-counter`}>
            {counter}
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p className="text-sm text-ink-muted" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <p className="min-h-5 text-sm font-medium text-danger" id={`${id}-error`} role={error ? "alert" : undefined}>
        {error ?? ""}
      </p>
    </div>
  );
}

/** The ids a control should name in `aria-describedby`, given what its Field shows. */
export function describedBy(id: string, parts: { hint?: unknown; counter?: unknown; error?: unknown }): string | undefined {
  const ids = [parts.hint ? `${id}-hint` : null, parts.counter ? `${id}-counter` : null, parts.error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cx(controlClasses, className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cx(controlClasses, "min-h-32 resize-y", className)} {...props} />;
}

/**
 * The platform's own select (the best picker on phones), drawn like the other controls. Its
 * chevron is Lucide's chevron-down as a CSS mask (`select-chevron`, ./theme.css), not an
 * `<Icon>`: the order form is a client component, and an icon drawn there ships the icon
 * component and its path data in the order page's first-load JavaScript (BENCHMARKS.md).
 */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="relative">
      <select className={cx(controlClasses, "appearance-none pe-10", className)} {...props} />
      <span aria-hidden className="select-chevron pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 bg-ink-muted" />
    </div>
  );
}
