// What of an operation is kept on the device once its outcome is final (confirmed, or a
// refusal that retrying cannot change): its key (the customer's reference), its scope, when it
// was sent, the result's identifying fields, the refusal's code — never the personal fields
// that were typed (name, phone, address, e-mail, …). The store applies this to everything it
// writes and to what an earlier version wrote; the tab's own memory keeps the full values
// until it is reloaded.
// A pending operation keeps its parameters: a retry must resend them unchanged. So does one
// refused because the session changed: it needs attention, and the customer may send it again.
import { SESSION_CHANGED } from "./outcome-errors.ts";
import type { PendingOperation } from "./pending-operation.ts";
import type { StoredEntry, StoredOperations } from "./stored-format.ts";

export interface KeptAfterFinal<Type extends string = string> {
  /** Per type, the parameters that say what was asked for and nothing about who asked (default: none). */
  params?: { readonly [T in Type]?: readonly string[] };
  /** The fields of a confirmed result to keep (its id and number, never personal data). */
  result: readonly string[];
}

const OPERATION_FIELDS = ["type", "key", "scope", "submittedAt", "sessionTag"] as const;
const REFUSAL_FIELDS = ["name", "code", "status", "boundTo"];

function pick(from: unknown, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (from && typeof from === "object") {
    for (const field of fields) if (field in from) out[field] = (from as Record<string, unknown>)[field];
  }
  return out;
}

/** A final outcome whose personal fields are still there. */
function needsRedaction(entry: StoredEntry, isOperation: (value: unknown) => value is PendingOperation): boolean {
  const { status, error, variables } = entry.state;
  if (!isOperation(variables) || variables.redacted) return false;
  if (status === "success") return true;
  return status === "error" && (error as { code?: unknown } | null)?.code !== SESSION_CHANGED;
}

function redactEntry(entry: StoredEntry, kept: KeptAfterFinal): StoredEntry {
  const { state } = entry;
  const operation = state.variables as PendingOperation;
  const params = pick(operation.params, kept.params?.[operation.type] ?? []);
  return {
    ...entry,
    state: {
      ...state,
      context: undefined,
      variables: { ...pick(operation, OPERATION_FIELDS), params, redacted: true },
      data: state.status === "success" ? pick(state.data, kept.result) : undefined,
      error: state.error ? pick(state.error, REFUSAL_FIELDS) : null,
      failureReason: state.failureReason ? pick(state.failureReason, REFUSAL_FIELDS) : null,
    },
  };
}

/** The snapshot with every final operation stripped of its personal fields (the same object if none needed it). */
export function redactFinal<S extends StoredOperations>(snapshot: S, isOperation: (value: unknown) => value is PendingOperation, kept: KeptAfterFinal): S {
  const mutations = snapshot.clientState.mutations;
  if (!mutations?.some((entry) => needsRedaction(entry, isOperation))) return snapshot;
  return {
    ...snapshot,
    clientState: { ...snapshot.clientState, mutations: mutations.map((entry) => (needsRedaction(entry, isOperation) ? redactEntry(entry, kept) : entry)) },
  };
}
