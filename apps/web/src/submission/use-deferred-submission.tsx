"use client";
// A form's submission (see ./use-submission.ts) as seen from the first load: "not ready" until
// the engine arrives, then whatever the engine's binding reports. Render `binding` inside the
// form (it draws nothing), `Status` where the outcome is shown, and `Receipt` (null until the
// engine is here) for the last confirmation above a fresh form.
import { useState } from "react";
import { EmptyStatus } from "./empty-status";
import { useEngine, type Engine } from "./engine-provider";
import type { OperationType } from "./outcome";
import type { SubmissionStatusProps } from "./submission-status";
import type { Submission } from "./use-submission";

const NOT_READY: Submission = {
  view: { phase: "form" },
  activeKey: null,
  ready: false,
  submit: () => undefined,
  startNew: () => undefined,
  editPending: () => undefined,
  checkNow: () => Promise.resolve(),
  checking: false,
  checkAnswer: null,
  lastConfirmed: null,
};

interface DeferredSubmission extends Submission {
  binding: React.ReactNode;
  Status: React.ComponentType<SubmissionStatusProps>;
  Receipt: Engine["Receipt"] | null;
}

export function useDeferredSubmission(type: OperationType, scope: string): DeferredSubmission {
  const engine = useEngine();
  const [submission, setSubmission] = useState<Submission>(NOT_READY);
  if (!engine) return { ...NOT_READY, binding: null, Status: EmptyStatus, Receipt: null };
  return {
    ...submission,
    binding: <engine.SubmissionBinding type={type} scope={scope} onChange={setSubmission} />,
    Status: engine.SubmissionStatus,
    Receipt: engine.Receipt,
  };
}
