// The words the screens use for a submission: the mutation key every form's operation lives
// under in the QueryClient, the operation as the browser keeps it, the confirmed result, and
// the protocol's attention rules (@once/idempotency/client).
import type { PendingOperation } from "@once/idempotency/client";
import type { OperationType } from "./registry";

export { MAX_PENDING_AGE_MS, SESSION_CHANGED } from "@once/idempotency/client";

/** The mutation key (first element) of every submission in the QueryClient. */
export const SUBMIT_KEY = "submit";

/** A submission's mutation variables: the operation, its `scope` being the form ("order:<slug>", "lead"). */
export type OperationVariables = PendingOperation<OperationType>;

export interface ConfirmedResult {
  id: string;
  number: string;
  replayed: boolean;
}
