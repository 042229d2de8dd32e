// What the client needs from the wire, whatever it is (tRPC, fetch + problem+json): send an
// operation, look a key up, and read a failure in the contract's terms. The transport only
// reports; ./classification.ts and ./look-up.ts decide what the answers mean.
import type { AttemptFailure } from "./classification.ts";
import type { PendingOperation } from "./pending-operation.ts";

/** A confirmed operation: the first outcome's body, and whether this answer was a replay. */
export interface Confirmation {
  body: unknown;
  replayed: boolean;
}

/** What the server's look-up (operation.status) says about one of the caller's keys. */
export interface OperationStatus {
  outcome: "completed" | "rejected" | "expired";
  /** The HTTP status of the first outcome. */
  status: number | null;
  resultId: string | null;
  /** The first outcome's body: the result, or the stored rejection (`{ code, … }`). */
  result: unknown;
  /** Whether the key is bound to the fingerprint sent with the look-up (null: none was sent). */
  fingerprintMatches: boolean | null;
}

export interface OperationTransport<Type extends string = string> {
  /** Sends the operation's parameters under its key; resolves only with a success. */
  send(operation: PendingOperation<Type>): Promise<Confirmation>;
  /** Asks what the server knows of a key, sending the fingerprint; rejects when it has no record (404). */
  lookUp(query: { type: Type; key: string; fingerprint: string }): Promise<OperationStatus>;
  /** Reads a rejection of `send` or `lookUp`. */
  describe(error: unknown): AttemptFailure;
}
