"use client";
// A labelled input with its error next to it (aria-invalid + aria-describedby).
import type { UseFormRegisterReturn } from "react-hook-form";

interface Props {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  multiline?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: "tel" | "email" | "numeric" | "text";
  required?: boolean;
  requiredHint?: string;
}

export function TextField({ id, label, error, registration, multiline, type = "text", autoComplete, inputMode, required, requiredHint }: Props) {
  const errorId = `${id}-error`;
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    "aria-required": required || undefined,
    ...registration,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && requiredHint ? <span className="required-hint"> ({requiredHint})</span> : null}
      </label>
      {multiline ? <textarea rows={5} {...common} /> : <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...common} />}
      <p className="field-error" id={errorId} role={error ? "alert" : undefined}>
        {error ?? ""}
      </p>
    </div>
  );
}
