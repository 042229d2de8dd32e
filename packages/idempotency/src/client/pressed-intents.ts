// Operations pressed before the code that runs them was there. A page's first load can be
// too small (or too early: before hydration, offline) to hold the operation runner, so the
// press is written down first: a PendingOperation (key, type, scope, parameters, time,
// session tag) appended to a storage entry by whatever caught the press. The runner, once
// loaded, takes them from here (`readPressedIntents`) and runs each under its own key.
//
// What is taken is exactly what is safe to send: an entry that is not an operation, names a
// type this build does not know, was pressed under another session or more than 7 days ago
// is discarded, with the reason, and never sent (the session rule is ./session-tag.ts; the
// age rule ./pending-operation.ts). The writer is the application's (it knows its forms);
// the format and these rules are the protocol's.
import { isOperationKey } from "../shared/operation-key.ts";
import { isStale, type PendingOperation } from "./pending-operation.ts";
import { sessionChanged } from "./session-tag.ts";

/** Why a stored intent was not taken. */
export type DiscardReason = "corrupt" | "unknown-type" | "other-session" | "stale";

export interface PressedIntents<Type extends string> {
  /** Safe to send, oldest first, at most one per key. */
  taken: PendingOperation<Type>[];
  discarded: { reason: DiscardReason; entry: unknown }[];
}

export interface ReadIntentOptions<Type extends string> {
  isType: (value: unknown) => value is Type;
  currentSessionTag: string | null;
  now?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function isOperationShape(entry: unknown): entry is PendingOperation {
  return (
    isRecord(entry) &&
    typeof entry.type === "string" &&
    isOperationKey(entry.key) &&
    typeof entry.scope === "string" &&
    isRecord(entry.params) &&
    typeof entry.submittedAt === "number" &&
    Number.isFinite(entry.submittedAt) &&
    (entry.sessionTag === undefined || typeof entry.sessionTag === "string") &&
    entry.redacted === undefined
  );
}

/** Sorts the stored entry (the JSON text of an array of operations) into what may be sent and what may not. */
export function readPressedIntents<Type extends string>(raw: string | null, options: ReadIntentOptions<Type>): PressedIntents<Type> {
  const result: PressedIntents<Type> = { taken: [], discarded: [] };
  if (raw === null) return result;
  let entries: unknown;
  try {
    entries = JSON.parse(raw);
  } catch {
    result.discarded.push({ reason: "corrupt", entry: raw });
    return result;
  }
  if (!Array.isArray(entries)) {
    result.discarded.push({ reason: "corrupt", entry: entries });
    return result;
  }
  const seen = new Set<string>();
  const now = options.now ?? Date.now();
  for (const entry of entries) {
    if (!isOperationShape(entry)) result.discarded.push({ reason: "corrupt", entry });
    else if (!options.isType(entry.type)) result.discarded.push({ reason: "unknown-type", entry });
    else if (sessionChanged(entry, options.currentSessionTag)) result.discarded.push({ reason: "other-session", entry });
    else if (isStale(entry, now)) result.discarded.push({ reason: "stale", entry });
    else if (!seen.has(entry.key)) {
      seen.add(entry.key);
      result.taken.push(entry as PendingOperation<Type>);
    }
  }
  result.taken.sort((a, b) => a.submittedAt - b.submittedAt);
  return result;
}
