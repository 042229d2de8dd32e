"use client";
// The part of the order and inquiry forms that is only needed once the page is interactive:
// the tab's QueryClient and tRPC client with the persisted submissions, the submission state
// machine, and the shared zod schemas. ./engine-provider.tsx loads this module after
// hydration, so the first load of a form page carries only the form itself.
import { useEffect, useState } from "react";
import { leadInputSchema, webOrderInputSchema } from "@once/api/schemas";
import { getBrowserClients } from "~/trpc/browser-clients";
import { useSubmission, type Submission } from "./use-submission";
import type { OperationType } from "./outcome";

export { restoreSubmissions } from "~/trpc/browser-clients";
export { localizedSchemaResolver } from "./schema-resolver";
export { SubmissionStatus } from "./submission-status";
export { Receipt } from "./receipt";

export const formSchemas = { order: webOrderInputSchema, lead: leadInputSchema } as const;

interface BindingProps {
  type: OperationType;
  scope: string;
  onChange: (submission: Submission) => void;
}

/** Runs one form's submission state machine and reports every change to the form. */
export function SubmissionBinding({ type, scope, onChange }: BindingProps) {
  const [clients] = useState(getBrowserClients);
  const submission = useSubmission(type, scope, clients);
  useEffect(() => onChange(submission), [onChange, submission]);
  return null;
}
