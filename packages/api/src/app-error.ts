// The application's own error codes (the protocol's are IdempotencyError's): one table from
// code to HTTP status, title and whether a retry can help. REST answers them as problem+json
// and tRPC as the error whose code matches the status (`toTRPCError`), like protocol errors.
import { defineProblems, type ProblemSpec, type ProtocolErrorDetails } from "@once/idempotency";
import { toTRPCError } from "@once/idempotency/trpc";
import { databaseUnavailability } from "@once/db/unavailable";
import type { StaffRefusalReason } from "@once/auth";
import type { SavedViewRefusalReason } from "./dashboard/saved-views.ts";

/**
 * The staff page's refusals: one per reason of @once/auth's StaffAccountError (the type check
 * fails when a reason has no entry). The page words each in the reader's language from the code
 * and `params`; the English message is `pnpm staff`'s sentence.
 */
const staffAccountErrors = {
  INVALID_EMAIL: { status: 400, retryable: false, title: "Not an e-mail address" },
  UNKNOWN_ROLE: { status: 400, retryable: false, title: "Unknown role" },
  EMPTY_NAME: { status: 400, retryable: false, title: "Name is empty" },
  WEAK_PASSWORD: { status: 400, retryable: false, title: "Password refused by the policy" },
  NO_SUCH_ACCOUNT: { status: 404, retryable: false, title: "No such staff account" },
  EMAIL_TAKEN: { status: 409, retryable: false, title: "E-mail already has an account" },
  OWN_ACCOUNT: { status: 403, retryable: false, title: "Not on your own account" },
  WRONG_PASSWORD: { status: 403, retryable: false, title: "Current password is wrong" },
  SAME_PASSWORD: { status: 400, retryable: false, title: "New password is the temporary one" },
  NOT_TEMPORARY: { status: 409, retryable: false, title: "Password is not temporary" },
} as const satisfies Record<StaffRefusalReason, ProblemSpec>;

/** The assignment page's refusals (dashboard/assignment-admin.ts), worded on the page from the code. */
const assignmentErrors = {
  MEMBER_DISABLED: { status: 422, retryable: false, title: "Disabled account cannot take leads" },
  TOO_MANY_RULES: { status: 422, retryable: false, title: "Too many assignment rules" },
  NOT_YOURS: { status: 403, retryable: false, title: "Only an admin can change someone else" },
} as const satisfies Record<string, ProblemSpec>;

/** The chat channels page's refusals (dashboard/chat-channels-admin.ts), worded on the page from the code. */
const channelErrors = {
  URL_NOT_PLATFORM: { status: 422, retryable: false, title: "Not this platform's robot URL" },
  SECRET_REQUIRED: { status: 422, retryable: false, title: "The robot's signing secret is required" },
  SECRET_NOT_PLATFORM: { status: 422, retryable: false, title: "Not this platform's signing secret" },
  KEY_MISSING: { status: 422, retryable: false, title: "No key to seal secrets with" },
  TOO_MANY_CHANNELS: { status: 422, retryable: false, title: "Too many chat channels" },
  FROM_ENVIRONMENT: { status: 422, retryable: false, title: "Set by environment variables" },
} as const satisfies Record<string, ProblemSpec>;

/** Merging leads (dashboard/lead-merge.ts): the lead page words each from the code. */
const mergeErrors = {
  MERGE_SELF: { status: 422, retryable: false, title: "A lead cannot be merged into itself" },
  MERGE_INTO_MERGED: { status: 422, retryable: false, title: "The primary lead is itself merged" },
  ALREADY_MERGED: { status: 422, retryable: false, title: "The lead is already merged" },
  MERGE_HAS_MERGED: { status: 422, retryable: false, title: "Other leads are merged into this one" },
} as const satisfies Record<string, ProblemSpec>;

/** Saved views of the lead list (dashboard/saved-views.ts): the bar words each from the code and `params`. */
const savedViewErrors = {
  VIEW_NAME_EMPTY: { status: 400, retryable: false, title: "The view needs a name" },
  VIEW_NAME_TOO_LONG: { status: 400, retryable: false, title: "The view's name is too long" },
  VIEW_NAME_TAKEN: { status: 409, retryable: false, title: "You already have a view with this name" },
  VIEW_QUERY_INVALID: { status: 400, retryable: false, title: "Not a query the lead list reads" },
  VIEW_QUERY_TOO_LONG: { status: 400, retryable: false, title: "The view's query is too long" },
  TOO_MANY_VIEWS: { status: 422, retryable: false, title: "Too many saved views" },
  VIEW_NOT_YOURS: { status: 403, retryable: false, title: "Someone else's view" },
} as const satisfies Record<SavedViewRefusalReason, ProblemSpec>;

/** Shipping an order (dashboard/order-workflow.ts): the order page words each from the code, naming the carrier. */
const shipmentErrors = {
  UNKNOWN_CARRIER: { status: 422, retryable: false, title: "Not a carrier of the list" },
  TRACKING_NUMBER_FORMAT: { status: 422, retryable: false, title: "Not a tracking number of this carrier" },
} as const satisfies Record<string, ProblemSpec>;

/** Follow-up tasks (dashboard/lead-tasks.ts): the lead page words each from the code. */
const taskErrors = {
  TASK_DUE_PAST: { status: 422, retryable: false, title: "The due time has passed" },
  TASK_ASSIGNEE_DISABLED: { status: 422, retryable: false, title: "Disabled account cannot take tasks" },
  TASK_LEAD_MERGED: { status: 422, retryable: false, title: "The lead is merged into another" },
  TASK_NOT_YOURS: { status: 403, retryable: false, title: "Only the task's creator or an admin can delete it" },
} as const satisfies Record<string, ProblemSpec>;

export const appErrors = {
  UNAUTHENTICATED: { status: 401, retryable: false, title: "Authentication required" },
  FORBIDDEN: { status: 403, retryable: false, title: "Not allowed" },
  NOT_FOUND: { status: 404, retryable: false, title: "Not found" },
  STALE_VERSION: { status: 409, retryable: false, title: "Changed by someone else" },
  RATE_LIMITED: { status: 429, retryable: true, title: "Too many requests" },
  /** Signed in with a temporary password: every dashboard procedure but the password change refuses (trpc.ts, staffProcedure). */
  PASSWORD_CHANGE_REQUIRED: { status: 403, retryable: false, title: "Choose your own password first" },
  INTERNAL: { status: 500, retryable: true, title: "Internal error" },
  DATABASE_UNAVAILABLE: { status: 503, retryable: true, title: "Database unavailable" },
  DATABASE_READ_ONLY: { status: 503, retryable: true, title: "Database refuses writes" },
  ...staffAccountErrors,
  ...assignmentErrors,
  ...channelErrors,
  ...mergeErrors,
  ...savedViewErrors,
  ...shipmentErrors,
  ...taskErrors,
} as const;

export type AppErrorCode = keyof typeof appErrors;

/** Answered by the staff dashboard only: the REST API, and so its OpenAPI document, has none of them. */
export const DASHBOARD_ONLY_CODES: ReadonlySet<string> = new Set<AppErrorCode>([
  "STALE_VERSION",
  "PASSWORD_CHANGE_REQUIRED",
  ...(Object.keys(staffAccountErrors) as (keyof typeof staffAccountErrors)[]),
  ...(Object.keys(assignmentErrors) as (keyof typeof assignmentErrors)[]),
  ...(Object.keys(channelErrors) as (keyof typeof channelErrors)[]),
  ...(Object.keys(mergeErrors) as (keyof typeof mergeErrors)[]),
  ...(Object.keys(savedViewErrors) as (keyof typeof savedViewErrors)[]),
  ...(Object.keys(shipmentErrors) as (keyof typeof shipmentErrors)[]),
  ...(Object.keys(taskErrors) as (keyof typeof taskErrors)[]),
]);

export class AppError extends defineProblems("AppError", appErrors) {}

/** The tRPC error for an application error (throw it from a procedure). */
export const appTRPCError = (code: AppErrorCode, message: string, details?: ProtocolErrorDetails) => toTRPCError(new AppError(code, message, details));

/** Seconds a client waits before retrying through a database outage (a failover takes 5-25 s). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * The retryable 503 for an error that means the database is away (a failover under way) or is
 * a read-only standby (DATABASE_URL pointed at the wrong member); null for any other error.
 * Nothing was committed that a retry with the same operation key would not find.
 */
export function databaseOutageError(error: unknown): AppError | null {
  const unavailability = databaseUnavailability(error);
  if (!unavailability) return null;
  const details = { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
  return unavailability === "read-only"
    ? new AppError(
        "DATABASE_READ_ONLY",
        "this node's database is a read-only standby and refuses writes; nothing was written; retrying with the same operation key is safe",
        details,
      )
    : new AppError(
        "DATABASE_UNAVAILABLE",
        "the database is unavailable (for example during a failover); retrying with the same operation key is safe",
        details,
      );
}
