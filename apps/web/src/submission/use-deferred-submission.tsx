"use client";
// A form's submission (see ./use-submission.ts) as seen from the first load: "not ready" until
// the engine arrives, then whatever the engine's binding reports. Render `binding` inside the
// form (it draws nothing), `Status` where the outcome is shown, and `Receipt` (null until the
// engine is here) for the last confirmation above a fresh form.
//
// The engine is asked for when the customer first focuses, presses or types anywhere on a page
// with a form (./engine-provider.tsx). A press that comes before it is ready is not React's:
// the page's inline script (./early-press.ts) stores it and marks the form (`data-held`), even
// before hydration. This hook follows that mark (`starting`: the button stays busy) until the
// engine has taken the press and shows its own state, or refused it (the form then shows why,
// with the engine's schema). `form` is the form's react-hook-form instance: the engine's binding
// also shows the parameters of the operation on screen in it (./use-submitted-values.ts).
import { useEffect, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { HELD_EVENT } from "./store-key";
import { EmptyStatus } from "./empty-status";
import { useEngine, type Engine } from "./engine-provider";
import type { OperationType } from "./registry";
import type { SubmissionStatusProps } from "./submission-status";
import type { Submission } from "./use-submission";

const nothing = () => undefined;
const NOT_READY: Submission = {
  view: { phase: "form" },
  activeKey: null,
  ready: false,
  submit: nothing,
  startNew: nothing,
  editPending: nothing,
  checkNow: () => Promise.resolve(),
  checking: false,
  checkAnswer: null,
  lastConfirmed: null,
};

const FIRST_TOUCH = ["focusin", "pointerdown", "keydown"] as const;

export interface DeferredSubmission extends Submission {
  /** A press is stored and waiting for the engine: show the button as busy, lock the fields. */
  starting: boolean;
  binding: React.ReactNode;
  Status: React.ComponentType<SubmissionStatusProps>;
  Receipt: Engine["Receipt"] | null;
}

export function useDeferredSubmission<T extends FieldValues>(type: OperationType, scope: string, form: UseFormReturn<T>): DeferredSubmission {
  const { engine, request } = useEngine();
  const [submission, setSubmission] = useState<Submission>(NOT_READY);
  // The form ./early-press.ts marked with a stored press, until the engine has taken it.
  const [held, setHeld] = useState<HTMLFormElement | null>(null);

  useEffect(() => {
    if (engine) return;
    for (const event of FIRST_TOUCH) document.addEventListener(event, request, { capture: true, passive: true });
    return () => {
      for (const event of FIRST_TOUCH) document.removeEventListener(event, request, { capture: true });
    };
  }, [engine, request]);

  useEffect(() => {
    const find = () => setHeld(document.querySelector<HTMLFormElement>(`[data-held][data-scope="${scope}"]`));
    find(); // pressed before hydration
    document.addEventListener(HELD_EVENT, find);
    return () => document.removeEventListener(HELD_EVENT, find);
  }, [scope]);

  useEffect(() => {
    if (!held || !submission.ready || !engine) return;
    const refused = engine.takeRefusedPress(scope);
    if (!refused && submission.view.phase === "form") return; // taken: its state arrives with the next report
    held.removeAttribute("data-held");
    setHeld(null);
    if (refused) void form.trigger();
  }, [held, submission, engine, scope, form]);

  const ready = submission.ready; // only the engine's binding reports a ready submission
  return {
    ...(ready ? submission : NOT_READY),
    starting: held !== null,
    binding: engine && <engine.SubmissionBinding type={type} scope={scope} form={form as UseFormReturn} onChange={setSubmission} />,
    Status: engine?.SubmissionStatus ?? EmptyStatus,
    Receipt: engine?.Receipt ?? null,
  };
}

/**
 * What every submission form carries: ./early-press.ts finds it by its scope, and lets its
 * presses through once it carries the engine's key.
 */
export const submissionFormProps = (scope: string, activeKey: string | null) => ({
  className: "group space-y-1",
  noValidate: true,
  "data-scope": scope,
  "data-operation-key": activeKey ?? undefined,
});
