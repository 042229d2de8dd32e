// A task change's line, shared by the task list and its edit form: a refusal of
// packages/api's dashboard/lead-tasks.ts in the reader's words, another error (a conflict, a bad
// field) as error-text.ts words it, `done` once it succeeded, or nothing.
import type { DashboardTranslate } from "~/i18n/dashboard";
import { errorText } from "../../error-text";
import { protocolCode } from "../../protocol-code";

const REFUSALS = ["TASK_DUE_PAST", "TASK_ASSIGNEE_DISABLED", "TASK_LEAD_MERGED", "TASK_NOT_YOURS"] as const;

export function taskOutcome(mutation: { error: unknown; isSuccess: boolean }, t: DashboardTranslate, done: string): string {
  if (!mutation.error) return mutation.isSuccess ? done : "";
  const refused = REFUSALS.find((r) => r === protocolCode(mutation.error));
  return refused ? t("lead.tasks.refused", { reason: t(`lead.tasks.refusal.${refused}`) }) : errorText(mutation.error, t);
}
