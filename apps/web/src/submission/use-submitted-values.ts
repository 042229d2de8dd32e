"use client";
// A pending or finished operation shows the parameters it was sent with (also after a reload,
// when the form itself starts empty). A finished one restored from storage no longer has its
// personal fields (see ./submission-client.ts): those fields show their defaults (empty) and the status says why.
import { useEffect } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { SubmissionView } from "./use-submission";

export function useSubmittedValues<T extends FieldValues>(form: UseFormReturn<T>, view: SubmissionView): void {
  const shownKey = view.phase === "form" ? null : view.vars.key;
  useEffect(() => {
    if (view.phase !== "form") form.reset({ ...form.formState.defaultValues, ...view.vars.params } as T, { keepDefaultValues: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the shown operation changes
  }, [shownKey]);
}
