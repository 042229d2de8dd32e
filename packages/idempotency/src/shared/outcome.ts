// What an idempotent operation answers. `replayed` tells the caller it got the stored first
// outcome instead of a new execution.
export type StoredOutcome = "completed" | "rejected";

export interface OperationResult<Body = unknown> {
  /** HTTP status of the first outcome: 201 for a creation, a 4xx for a business rejection. */
  status: number;
  body: Body;
  /** The body exactly as first sent; a replay sends these bytes again. */
  bodyJson: string;
  resultId: string | null;
  outcome: StoredOutcome;
  replayed: boolean;
}
