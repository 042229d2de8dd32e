"use client";
// The part of the order and inquiry forms that is only needed once the page is interactive:
// the tab's QueryClient and tRPC client with the persisted submissions, the submission state
// machine, and the shared zod schemas. ./engine-provider.tsx loads this module after
// hydration, so the first load of a form page carries only the form itself.
import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { getBrowserClients, restoreSubmissions as restore } from "~/trpc/browser-clients";
import { createSupersededKeys } from "@once/idempotency/client";
import { HELD_EVENT } from "./store-key";
import { mirrorToOutbox } from "./sync-outbox";
import { takePressed } from "./take-pressed";
import { useSubmission, type Submission } from "./use-submission";
import { useSubmittedValues } from "./use-submitted-values";
import type { OperationType } from "./registry";

export { localizedSchemaResolver } from "./schema-resolver";
export { SubmissionStatus } from "./submission-status";
export { Receipt } from "./receipt";

export { formSchemas, takeRefusedPress } from "./take-pressed";

/**
 * Restores the persisted submissions, then sends the presses stored before the engine was here
 * (./early-press.ts), and from then on each one as it is stored: the script's event reaches this
 * listener while it is being dispatched, before the form hears of it.
 */
export async function restoreSubmissions(): Promise<void> {
  const { queryClient } = await restore();
  mirrorToOutbox(queryClient, createSupersededKeys(window.localStorage)); // for the service worker's Background Sync
  takePressed(queryClient);
  document.addEventListener(HELD_EVENT, () => takePressed(queryClient));
}

interface BindingProps {
  type: OperationType;
  scope: string;
  /** The form's react-hook-form instance: it shows the parameters of the operation on screen. */
  form: UseFormReturn;
  onChange: (submission: Submission) => void;
}

/** Runs one form's submission state machine, reports every change to the form and shows its parameters in it. */
export function SubmissionBinding({ type, scope, form, onChange }: BindingProps) {
  const [clients] = useState(getBrowserClients);
  const submission = useSubmission(type, scope, clients);
  useEffect(() => onChange(submission), [onChange, submission]);
  useSubmittedValues(form, submission.view);
  return null;
}
