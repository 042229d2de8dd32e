"use client";
// A labelled text control on the design system's Field: its error beside it (aria-invalid +
// aria-describedby) and a live counter where a limit can be reached (always on multi-line
// fields; on one-line fields near the limit). The limit is the server's own
// (@once/api/field-limits) but deliberately not the browser's `maxlength`, which cuts a pasted
// text silently: a text past it stays as pasted, the field is marked invalid at once and its
// counter says by how much ("1050 / 1000"); a press then says "at most N characters" (the
// server's schema, as every field error), so the customer decides what to cut. `data-max` tells
// ./early-press.ts the same before the engine is here. A required field
// is `required` (and needs more than spaces: ./early-press.ts empties a field of spaces only
// before it asks the browser, so the browser's own "fill in this field" says it): the form is `noValidate`, so
// these only tell ./early-press.ts whether a press before the engine may be stored. They must
// never refuse what the server's schema accepts.
import { useWatch, type Control, type FieldValues, type Path, type UseFormRegisterReturn } from "react-hook-form";
import { describedBy, Field, Input, Textarea } from "@once/ui";
import { useI18n } from "~/i18n/i18n-provider";

interface Props<T extends FieldValues> {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn<Path<T>>;
  control: Control<T>;
  maxLength: number;
  multiline?: boolean;
  rows?: number;
  type?: string;
  autoComplete?: string;
  inputMode?: "tel" | "email" | "numeric" | "text";
  required?: boolean;
}

/** One-line fields show their counter from this share of the limit on. */
const NEAR_LIMIT = 0.8;

export function TextField<T extends FieldValues>({
  id,
  label,
  error,
  registration,
  control,
  maxLength,
  multiline,
  rows = 5,
  type = "text",
  autoComplete,
  inputMode,
  required,
}: Props<T>) {
  const { t } = useI18n();
  const value = useWatch({ control, name: registration.name }) as unknown;
  const length = typeof value === "string" ? value.length : 0;
  const counter = multiline || length >= maxLength * NEAR_LIMIT ? t("form.counter", { n: length, max: maxLength }) : undefined;
  const common = {
    id,
    "data-max": maxLength,
    "aria-invalid": error || length > maxLength ? true : undefined, // past the limit: marked at once
    "aria-describedby": describedBy(id, { counter, error }),
    required,
    ...registration,
  };
  return (
    <Field id={id} label={label} optionalMark={required ? undefined : t("form.optional")} counter={counter} error={error}>
      {multiline ? <Textarea rows={rows} {...common} /> : <Input type={type} autoComplete={autoComplete} inputMode={inputMode} {...common} />}
    </Field>
  );
}
