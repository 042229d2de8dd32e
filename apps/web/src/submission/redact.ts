// What of a submission is kept on the device once its outcome is final (confirmed, or a
// refusal that retrying cannot change): its reference (the operation key), the form it belongs
// to, when it was sent, the result's id and number, the refusal's code — never the personal
// fields the customer typed (name, phone, address, e-mail, company, message). Applied by the
// persister (./immediate-storage-persister.ts) to everything it writes and restores; the tab's
// own memory keeps the full values until it is reloaded.
// A pending operation keeps its parameters: a retry must resend them unchanged, and one that
// needs attention keeps them so the customer can send them again.
import type { PersistedClient } from "@tanstack/query-persist-client-core";
import { SESSION_CHANGED, SUBMIT_KEY, type OperationVariables } from "./outcome";

type DehydratedMutation = NonNullable<PersistedClient["clientState"]["mutations"]>[number];

/** Parameters that identify what was asked for and say nothing about who asked. */
const KEPT_PARAMS: Record<OperationVariables["type"], readonly string[]> = {
  order: ["item", "quantity"],
  lead: [],
};

function pick<T extends object>(from: unknown, fields: readonly string[]): Partial<T> {
  const out: Record<string, unknown> = {};
  if (from && typeof from === "object") {
    for (const field of fields) if (field in from) out[field] = (from as Record<string, unknown>)[field];
  }
  return out as Partial<T>;
}

/** A submission whose outcome is final and whose personal fields are still there. */
function needsRedaction(mutation: DehydratedMutation): boolean {
  if (mutation.mutationKey?.[0] !== SUBMIT_KEY) return false;
  const { status, error, variables } = mutation.state;
  if ((variables as OperationVariables | undefined)?.redacted) return false;
  if (status === "success") return true;
  return status === "error" && (error as { code?: unknown } | null)?.code !== SESSION_CHANGED;
}

function redactVariables(vars: OperationVariables): OperationVariables {
  const kept = pick<OperationVariables>(vars, ["type", "key", "scope", "submittedAt", "sessionTag"]);
  return { ...kept, params: pick(vars.params, KEPT_PARAMS[vars.type] ?? []), redacted: true } as OperationVariables;
}

const refusalFields = ["name", "code", "status", "boundTo"];

function redactMutation(mutation: DehydratedMutation): DehydratedMutation {
  const { state } = mutation;
  const vars = state.variables as OperationVariables | undefined;
  return {
    ...mutation,
    state: {
      ...state,
      context: undefined,
      variables: vars ? redactVariables(vars) : vars,
      data: state.status === "success" ? pick(state.data, ["id", "number", "replayed"]) : undefined,
      error: state.error ? (pick(state.error, refusalFields) as Error) : null,
      failureReason: state.failureReason ? (pick(state.failureReason, refusalFields) as Error) : null,
    },
  };
}

/** The client to store: every final submission without its personal fields. */
export function redactFinalSubmissions(client: PersistedClient): PersistedClient {
  const mutations = client.clientState.mutations;
  if (!mutations?.some(needsRedaction)) return client;
  return {
    ...client,
    clientState: { ...client.clientState, mutations: mutations.map((m) => (needsRedaction(m) ? redactMutation(m) : m)) },
  };
}
