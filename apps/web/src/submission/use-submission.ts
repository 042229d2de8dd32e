"use client";
// The state machine of one form, derived from TanStack Query's mutation cache (so it
// survives reloads with the persisted cache) and never from hand-kept flags:
//   form → submitting → confirmed | refused | pending (unknown outcome: keeps checking)
//   pending older than 7 days, or sent under another browser session → attention (not resent,
//   not looked up: see ./session-tag.ts).
// The operation key is minted when the form opens and after "order another copy" or "edit".
// Opening the form again after a finished operation (confirmed or refused) shows a fresh form
// with a new key, the last confirmation offered as `lastConfirmed`; an unresolved one (pending,
// needing attention) is shown as it is, so it is never forgotten or sent twice.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useMutation, useMutationState, onlineManager } from "@tanstack/react-query";
import { FinalRefusal, mintOperationKey, SESSION_CHANGED, type AttentionReason } from "@once/idempotency/client";
import type { BrowserClients } from "~/trpc/browser-clients";
import { nextAttemptAfter } from "./next-attempt";
import type { OperationType } from "./registry";
import { SUBMIT_KEY, type ConfirmedResult, type OperationVariables } from "./submission-types";

export type SubmissionView =
  | { phase: "form" }
  | { phase: "submitting"; vars: OperationVariables }
  | { phase: "pending"; vars: OperationVariables; offline: boolean; attempts: number; nextAttemptAt?: number }
  /** Not confirmed and no longer checked here: too old ("stale"), or the session changed. */
  | { phase: "attention"; vars: OperationVariables; reason: AttentionReason }
  | { phase: "confirmed"; vars: OperationVariables; result: ConfirmedResult }
  | { phase: "refused"; vars: OperationVariables; code: string; status: number; boundTo?: { status: number; resultId: string | null; outcome: string } };

interface MutationSnapshot {
  status: "idle" | "pending" | "success" | "error";
  isPaused: boolean;
  failureCount: number;
  variables: OperationVariables | undefined;
  data: ConfirmedResult | undefined;
  error: unknown;
  failureReason: unknown;
}

/** What the customer's last "check now" found, shown until the operation moves on. */
export type CheckAnswer = "offline" | "resent" | "unreachable";

/** A confirmed operation of this form from before the page was opened. */
export interface LastConfirmed {
  vars: OperationVariables;
  result: ConfirmedResult;
}

/** Everything a form needs from its submission; see `useSubmission`. */
export interface Submission {
  view: SubmissionView;
  activeKey: string | null;
  /** False until the key is minted and the browser's clients are restored. */
  ready: boolean;
  submit: (params: Record<string, unknown>) => void;
  startNew: () => void;
  editPending: () => void;
  checkNow: () => Promise<void>;
  checking: boolean;
  /** The answer of the last "check now" of the operation shown, if it did not settle it. */
  checkAnswer: CheckAnswer | null;
  lastConfirmed: LastConfirmed | null;
}

const isFinished = (s: MutationSnapshot) => s.status === "success" || (s.status === "error" && (s.error as { code?: string } | null)?.code !== SESSION_CHANGED);

export function useSubmission(type: OperationType, scope: string, { queryClient, submissions }: BrowserClients): Submission {
  const mutationKey = useMemo(() => [SUBMIT_KEY, scope], [scope]);
  const snapshots = useMutationState(
    {
      filters: { mutationKey },
      select: (m): MutationSnapshot => ({
        status: m.state.status,
        isPaused: m.state.isPaused,
        failureCount: m.state.failureCount,
        variables: m.state.variables as OperationVariables | undefined,
        data: m.state.data as ConfirmedResult | undefined,
        error: m.state.error,
        failureReason: m.state.failureReason,
      }),
    },
    queryClient,
  );
  // The operation this form shows: chosen explicitly, else the latest one of this scope.
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  // Minted in the browser after hydration: a key minted during server rendering would differ
  // from the client's and never be used.
  const [draftKey, setDraftKey] = useState<string | null>(null);
  useEffect(() => setDraftKey((key) => key ?? mintOperationKey()), []);
  const latest = snapshots.at(-1);
  // Decided once, from what was restored when the form opened: a finished operation is history.
  const [openedAfter] = useState(() => {
    const restored = snapshots.at(-1);
    return restored && isFinished(restored) ? restored : undefined;
  });
  const adoptLatest = latest && latest.status !== "idle" && latest.variables?.key !== openedAfter?.variables?.key;
  const activeKey = chosenKey ?? (adoptLatest ? latest.variables?.key : undefined) ?? draftKey;
  const current = [...snapshots].reverse().find((s) => s.variables?.key === activeKey);

  const { mutate } = useMutation<ConfirmedResult, unknown, OperationVariables>({ mutationKey }, queryClient);
  // What "check now" learned before the mutation's own next attempt did.
  const [checked, setChecked] = useState<{ key: string; result?: ConfirmedResult; refusal?: FinalRefusal } | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkAnswer, setCheckAnswer] = useState<{ key: string; answer: CheckAnswer } | null>(null);
  const inFlight = useRef(false);

  const submit = useCallback(
    (params: Record<string, unknown>) => {
      if (inFlight.current || current || !activeKey) return; // a double click sends nothing twice
      inFlight.current = true;
      setChosenKey(activeKey);
      mutate(submissions.create(type, scope, activeKey, params), { onSettled: () => (inFlight.current = false) });
    },
    [activeKey, current, mutate, scope, submissions, type],
  );

  /** A new operation: "order another copy", "start again", or editing a pending form. */
  const startNew = useCallback(() => {
    const key = mintOperationKey();
    inFlight.current = false;
    setDraftKey(key);
    setChosenKey(key);
  }, []);

  /** Editing a pending form: the pending operation is only checked from now on, never resent. */
  const editPending = useCallback(() => {
    if (activeKey) submissions.supersede(activeKey);
    startNew();
  }, [activeKey, startNew, submissions]);

  /** Ask the server now instead of waiting for the next backoff step. */
  const checkNow = useCallback(async () => {
    const m = queryClient
      .getMutationCache()
      .findAll({ mutationKey })
      .find((x) => (x.state.variables as OperationVariables | undefined)?.key === activeKey);
    const vars = m?.state.variables as OperationVariables | undefined;
    if (!m || !vars || !activeKey) return;
    const key = activeKey;
    if (!onlineManager.isOnline()) return setCheckAnswer({ key, answer: "offline" });
    setChecking(true);
    setCheckAnswer(null);
    try {
      const result = await submissions.lookUp(vars);
      if (result) setChecked({ key, result });
      else {
        void m.continue().catch(() => undefined); // never reached the server: resend now
        setCheckAnswer({ key, answer: "resent" });
      }
    } catch (error) {
      if (error instanceof FinalRefusal) setChecked({ key, refusal: error });
      else {
        setCheckAnswer({ key, answer: onlineManager.isOnline() ? "unreachable" : "offline" });
        if (m.state.isPaused) void m.continue().catch(() => undefined);
      }
    } finally {
      setChecking(false);
    }
  }, [activeKey, mutationKey, queryClient, submissions]);

  const view: SubmissionView = useMemo(() => {
    if (!current?.variables || current.status === "idle") return { phase: "form" };
    const vars = current.variables;
    if (current.status === "success" && current.data) return { phase: "confirmed", vars, result: current.data };
    if (checked?.key === vars.key && checked.result) return { phase: "confirmed", vars, result: checked.result };
    if (checked?.key === vars.key && checked.refusal) {
      if (checked.refusal.code === SESSION_CHANGED) return { phase: "attention", vars, reason: "session" };
      return { phase: "refused", vars, code: checked.refusal.code, status: checked.refusal.status, boundTo: checked.refusal.boundTo };
    }
    if (current.status === "error") {
      const e = (current.error ?? {}) as { code?: string; status?: number; boundTo?: { status: number; resultId: string | null; outcome: string } };
      if (e.code === SESSION_CHANGED) return { phase: "attention", vars, reason: "session" };
      return { phase: "refused", vars, code: e.code ?? "other", status: e.status ?? 0, boundTo: e.boundTo };
    }
    // Still pending. Under another session an attempt refuses to go on; one older than 7 days
    // is not resumed after a reload (trpc/browser-clients.ts).
    const attention = submissions.attentionReason(vars);
    if (attention) return { phase: "attention", vars, reason: attention };
    if (current.failureCount === 0 && !current.isPaused) return { phase: "submitting", vars };
    const offline = current.isPaused || !onlineManager.isOnline();
    return { phase: "pending", vars, offline, attempts: current.failureCount, nextAttemptAt: offline ? undefined : nextAttemptAfter(current.failureReason) };
  }, [current, checked, submissions]);

  const lastConfirmed = useMemo<LastConfirmed | null>(() => {
    const shown = activeKey === openedAfter?.variables?.key;
    return !shown && openedAfter?.status === "success" && openedAfter.variables && openedAfter.data
      ? { vars: openedAfter.variables, result: openedAfter.data }
      : null;
  }, [activeKey, openedAfter]);
  const answer = checkAnswer && checkAnswer.key === activeKey && view.phase === "pending" ? checkAnswer.answer : null;

  return useMemo(
    () => ({
      view,
      activeKey: activeKey ?? null,
      ready: activeKey != null,
      submit,
      startNew,
      editPending,
      checkNow,
      checking,
      checkAnswer: answer,
      lastConfirmed,
    }),
    [view, activeKey, submit, startNew, editPending, checkNow, checking, answer, lastConfirmed],
  );
}
