// How the browser reads an answer: a confirmed result, a final refusal, or an UNKNOWN outcome
// (timeout, dropped connection, 5xx, 409) that must never be shown as a failure.
import { TRPCClientError } from "@trpc/client";

/** The mutation key (first element) of every submission in the QueryClient. */
export const SUBMIT_KEY = "submit";

export type OperationType = "order" | "lead";

export interface OperationVariables {
  type: OperationType;
  key: string;
  /** The business parameters, exactly as first sent; a retry resends them unchanged. */
  params: Record<string, unknown>;
  /** The form this operation belongs to, e.g. "order:sample-guide" or "lead". */
  scope: string;
  submittedAt: number;
  /** The `once_sid` tag of the session it was sent under (./session-tag.ts); absent if none. */
  sessionTag?: string;
  /** Set in storage once the outcome is final: `params` then holds no personal fields (./redact.ts). */
  redacted?: true;
}

export interface ConfirmedResult {
  id: string;
  number: string;
  replayed: boolean;
}

/** A refusal that retrying cannot change (422 conflict, stored business rejection, 410...). */
export class FinalRefusal extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly boundTo?: { status: number; resultId: string | null; outcome: string },
  ) {
    super(code);
    this.name = "FinalRefusal";
  }
}

interface ProtocolData {
  code: string;
  status: number;
  retryable: boolean;
  boundTo?: { status: number; resultId: string | null; outcome: string };
}

export function protocolOf(error: unknown): ProtocolData | undefined {
  if (error instanceof TRPCClientError) return (error.data as { protocol?: ProtocolData } | undefined)?.protocol;
  return undefined;
}

/** True when we cannot know whether the server acted: keep the key and keep checking. */
export function isUnknownOutcome(error: unknown): boolean {
  if (error instanceof FinalRefusal) return false;
  const protocol = protocolOf(error);
  if (protocol) return protocol.retryable || protocol.status >= 500;
  if (error instanceof TRPCClientError) {
    const httpStatus = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    return httpStatus === undefined || httpStatus >= 500 || httpStatus === 409 || httpStatus === 408;
  }
  return true; // TypeError: fetch failed, aborted, offline...
}

export function toFinalRefusal(error: unknown): FinalRefusal | undefined {
  if (error instanceof FinalRefusal) return error;
  const protocol = protocolOf(error);
  if (protocol && !isUnknownOutcome(error)) return new FinalRefusal(protocol.code, protocol.status, protocol.boundTo);
  return undefined;
}

/**
 * The code of the refusal an operation gets, without any request, when the browser's session
 * changed since it was sent (./session-tag.ts): shown as needing attention, never resent.
 */
export const SESSION_CHANGED = "SESSION_CHANGED";

/** Pending operations older than this are shown as needing attention and never resent. */
export const MAX_PENDING_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Backoff between checks of an unknown outcome: 1 s, 2 s, 4 s … 30 s, with jitter. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
}
