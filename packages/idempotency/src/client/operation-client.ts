// The browser half of the protocol for one application's operations (its `defineOperations`
// registry): one attempt at an operation, the look-up before a resend, and what a pending
// operation needs (attention after 7 days or a session change, superseded by editing).
// The retries themselves are the runner's (e.g. TanStack Query's mutation retryer) with
// ./retry-policy.ts; persistence is ./operation-store.ts.
import type { AnyOperationSpec, InputOf, OperationRegistry } from "../shared/operation-registry.ts";
import { outcomeError } from "./classification.ts";
import { confirmationOf, NEVER_SEEN_STATUS } from "./look-up.ts";
import { FinalRefusal, SESSION_CHANGED, SUPERSEDED, UNKNOWN_OPERATION_TYPE } from "./outcome-errors.ts";
import { isStale, type PendingOperation } from "./pending-operation.ts";
import { sessionChanged } from "./session-tag.ts";
import { withOperationLock, type OperationLocks } from "./single-flight.ts";
import type { SupersededKeys } from "./superseded-keys.ts";
import type { Confirmation, OperationTransport } from "./transport.ts";

export interface OperationClientOptions<Specs extends Record<string, AnyOperationSpec>, Result> {
  registry: OperationRegistry<Specs>;
  transport: OperationTransport<keyof Specs & string>;
  /** The confirmed operation as the application shows it (e.g. its id and number). */
  toResult: (confirmation: Confirmation) => Result;
  /** The tag of the browser's current session (./session-tag.ts). */
  currentSessionTag: () => string | null;
  superseded: SupersededKeys;
  /** Web Locks (./single-flight.ts); without them attempts are not serialised across tabs. */
  locks?: OperationLocks;
}

/** Why a pending operation is shown as needing the customer's attention instead of being continued. */
export type AttentionReason = "stale" | "session";

export interface OperationClient<Type extends string, Result> {
  /** A new operation under the key minted for the form, stamped with the current session. */
  create(type: Type, scope: string, key: string, params: Record<string, unknown>): PendingOperation<Type>;
  /**
   * One attempt: resolves with the result, or rejects with a FinalRefusal or OutcomeUnknown.
   * A key this client has sent before, or that was superseded, is looked up first and resent
   * (same key, same parameters) only if the server never saw it; a superseded one never is.
   */
  attempt(operation: PendingOperation<Type>): Promise<Result>;
  /** What the server knows now: the result, null (never seen), or a FinalRefusal / OutcomeUnknown. */
  lookUp(operation: PendingOperation<Type>): Promise<Result | null>;
  /** Editing a pending operation: from now on it is only looked up, never resent. */
  supersede(key: string): void;
  attentionReason(operation: PendingOperation<Type>, now?: number): AttentionReason | null;
}

export function createOperationClient<Specs extends Record<string, AnyOperationSpec>, Result>(
  options: OperationClientOptions<Specs, Result>,
): OperationClient<keyof Specs & string, Result> {
  type Type = keyof Specs & string;
  const { registry, transport, toResult, currentSessionTag, superseded, locks } = options;
  // Keys this client has sent at least once: their next attempt starts with a look-up.
  const sent = new Set<string>();

  // Checked before every request. Under another session the server is another principal,
  // which would answer "never seen" and be sent the operation again. A type the registry no
  // longer has (stored by an older version of the app) has nowhere to go.
  const assertMayAsk = (operation: PendingOperation<Type>) => {
    if (!registry.isType(operation.type)) throw new FinalRefusal(UNKNOWN_OPERATION_TYPE, 0);
    if (sessionChanged(operation, currentSessionTag())) throw new FinalRefusal(SESSION_CHANGED, 0);
  };

  // The server fingerprints the input its schema produced (trimmed, normalised), so the
  // look-up does the same; parameters the schema refuses never reached a record anyway.
  const fingerprintOf = async (operation: PendingOperation<Type>) => {
    const parsed = await registry.specs[operation.type]!.input["~standard"].validate(operation.params);
    const input = parsed.issues ? operation.params : parsed.value;
    return registry.fingerprint(operation.type, input as InputOf<Specs[Type]>);
  };

  const lookUp = async (operation: PendingOperation<Type>): Promise<Result | null> => {
    assertMayAsk(operation);
    const query = { type: operation.type, key: operation.key, fingerprint: await fingerprintOf(operation) };
    let found;
    try {
      found = await transport.lookUp(query);
    } catch (error) {
      const failure = transport.describe(error);
      if (failure.status === NEVER_SEEN_STATUS) return null;
      throw outcomeError(failure, error);
    }
    return toResult(confirmationOf(found));
  };

  const send = async (operation: PendingOperation<Type>): Promise<Result> => {
    assertMayAsk(operation);
    sent.add(operation.key);
    let confirmation;
    try {
      confirmation = await transport.send(operation);
    } catch (error) {
      throw outcomeError(transport.describe(error), error);
    }
    return toResult(confirmation);
  };

  return {
    create: (type, scope, key, params) => {
      const sessionTag = currentSessionTag();
      return { type, scope, key, params, submittedAt: Date.now(), ...(sessionTag ? { sessionTag } : {}) };
    },
    attempt: (operation) =>
      withOperationLock(locks, operation.key, async () => {
        if (sent.has(operation.key) || superseded.has(operation.key)) {
          const known = await lookUp(operation);
          if (known) return known;
        }
        // Asked again after the look-up's round trip: the customer may have edited the form
        // (superseding this key) while it was under way, and a superseded key is never sent.
        if (superseded.has(operation.key)) throw new FinalRefusal(SUPERSEDED, 0);
        return send(operation);
      }),
    lookUp,
    supersede: (key) => superseded.mark(key),
    attentionReason: (operation, now = Date.now()) => {
      if (sessionChanged(operation, currentSessionTag())) return "session";
      return isStale(operation, now) ? "stale" : null;
    },
  };
}
