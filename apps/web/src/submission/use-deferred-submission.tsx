"use client";
// A form's submission (see ./use-submission.ts) as seen from the first load: "not ready" until
// the engine arrives, then whatever the engine's binding reports. Render `binding` inside the
// form (it draws nothing), `Status` where the outcome is shown, and `Receipt` (null until the
// engine is here) for the last confirmation above a fresh form.
//
// The engine is asked for when the customer first focuses, presses or types anywhere on a page
// with a form (./engine-provider.tsx). A submit that comes before it has arrived is held
// (`starting`) and sent once, as soon as the engine's binding is ready with its key.
import { useEffect, useState } from "react";
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

const FIRST_TOUCH = ["focusin", "pointerdown", "keydown"] as const;

interface DeferredSubmission extends Submission {
  /** A submit is waiting for the engine: show the button as busy. */
  starting: boolean;
  binding: React.ReactNode;
  Status: React.ComponentType<SubmissionStatusProps>;
  Receipt: Engine["Receipt"] | null;
}

export function useDeferredSubmission(type: OperationType, scope: string): DeferredSubmission {
  const { engine, request } = useEngine();
  const [submission, setSubmission] = useState<Submission>(NOT_READY);
  const [held, setHeld] = useState<Record<string, unknown> | null>(null);

  useEffect(() => {
    if (engine) return;
    for (const event of FIRST_TOUCH) document.addEventListener(event, request, { capture: true, passive: true });
    return () => {
      for (const event of FIRST_TOUCH) document.removeEventListener(event, request, { capture: true });
    };
  }, [engine, request]);

  useEffect(() => {
    if (!held || !submission.ready) return;
    setHeld(null);
    submission.submit(held);
  }, [held, submission]);

  const ready = submission.ready; // only the engine's binding reports a ready submission
  return {
    ...(ready ? submission : NOT_READY),
    // Before the engine: hold the submit (a second click while waiting sends nothing more).
    ...(ready ? null : { submit: (params: Record<string, unknown>) => (setHeld((already) => already ?? params), request()) }),
    starting: held !== null,
    binding: engine && <engine.SubmissionBinding type={type} scope={scope} onChange={setSubmission} />,
    Status: engine?.SubmissionStatus ?? EmptyStatus,
    Receipt: engine?.Receipt ?? null,
  };
}
