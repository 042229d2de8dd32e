// The engine's side of ./early-press.ts: the presses stored before it was loaded become
// submissions of the tab's QueryClient under their own keys, sent (or paused until the browser
// is online) exactly like a press on the engine's own form. Which presses may be sent is the
// protocol's rule (@once/idempotency/client, readPressedIntents): a corrupt one, one of a type
// this build does not know, from another session or older than 7 days is dropped with a
// console warning and never sent. One the form's schema refuses is not sent either: its form,
// if open, shows why (`takeRefusedPress`).
import type { QueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { readPressedIntents, type PendingOperation } from "@once/idempotency/client";
import { webOrderInputSchema } from "@once/api/schemas";
import { PRESSED_INTENTS_KEY } from "./store-key";
import { operations, type OperationType } from "./registry";
import { SUBMIT_KEY, type OperationVariables } from "./submission-types";
import { readSessionTag } from "./session-tag";
import { leaveOutbox } from "./sync-outbox";

type Specs = typeof operations.specs;
/**
 * The schema each web form validates with: the operation's own input schema from the registry,
 * except where the web form asks for more than the API (the order form always takes a contact).
 */
type FormSchemas = { [Type in OperationType]: Type extends "order" ? typeof webOrderInputSchema : Specs[Type]["input"] };
export const formSchemas = {
  ...Object.fromEntries(Object.entries(operations.specs).map(([type, spec]) => [type, spec.input])),
  order: webOrderInputSchema,
} as FormSchemas;

const refusedScopes = new Set<string>();

/** Whether a press of this form was refused by its schema (asked once: the form then shows why). */
export function takeRefusedPress(scope: string): boolean {
  return refusedScopes.delete(scope);
}

/** The stored entries (none when absent or unreadable). */
const entriesOf = (raw: string | null): { key?: unknown }[] => {
  try {
    const entries: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(entries) ? (entries as { key?: unknown }[]) : [];
  } catch {
    return [];
  }
};

/** Moves every stored press into `queryClient` (idempotent: a key already there is not added again). */
export function takePressed(queryClient: QueryClient): void {
  const memory = (window as unknown as { __oncePressed?: unknown[] }).__oncePressed ?? [];
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(PRESSED_INTENTS_KEY);
  } catch {
    // storage refused: only this page's own presses (in memory) exist
  }
  if (raw === null && memory.length === 0) return;
  const read = { isType: (value: unknown) => operations.isType(value), currentSessionTag: readSessionTag() };
  const fromStorage = readPressedIntents<OperationType>(raw, read);
  const fromMemory = readPressedIntents<OperationType>(JSON.stringify(memory), read);
  for (const { reason, entry } of [...fromStorage.discarded, ...fromMemory.discarded]) {
    const key = (entry as { key?: unknown } | null)?.key;
    console.warn(`A press stored on this device was not sent (${reason})${typeof key === "string" ? `: ${key}` : ""}`);
    if (typeof key === "string") leaveOutbox(key); // the service worker must not send it either
  }
  const cache = queryClient.getMutationCache();
  const known = new Set(cache.getAll().map((m) => (m.state.variables as OperationVariables | undefined)?.key));
  for (const intent of [...fromStorage.taken, ...fromMemory.taken]) {
    if (known.has(intent.key)) continue;
    known.add(intent.key);
    const parsed = z.safeParse(formSchemas[intent.type], intent.params);
    if (!parsed.success) {
      refusedScopes.add(intent.scope);
      console.warn(`A press stored on this device was not sent (its form refuses it): ${intent.key}`);
      leaveOutbox(intent.key);
      continue;
    }
    const vars: PendingOperation<OperationType> = { ...intent, params: { ...parsed.data } };
    // As useMutation's mutate does: the submit defaults (trpc/browser-clients.ts) by key.
    void cache
      .build(queryClient, { mutationKey: [SUBMIT_KEY, intent.scope] })
      .execute(vars)
      .catch(() => undefined);
  }
  memory.length = 0;
  try {
    // Another tab may have stored a press since the read: keep what this one did not see.
    const seen = new Set(entriesOf(raw).map((e) => String(e?.key)));
    const rest = entriesOf(localStorage.getItem(PRESSED_INTENTS_KEY)).filter((e) => !seen.has(String(e?.key)));
    if (rest.length) localStorage.setItem(PRESSED_INTENTS_KEY, JSON.stringify(rest));
    else localStorage.removeItem(PRESSED_INTENTS_KEY);
  } catch {
    // refused: nothing more to keep
  }
}
