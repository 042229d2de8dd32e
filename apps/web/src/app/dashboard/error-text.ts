// What went wrong, in the reader's language, for any failed dashboard request: from the error's
// code (packages/api's AppError table, carried in the tRPC error's protocol data), never the
// server's English message. A request that got no answer at all (offline, the node restarting)
// has no code and says so; an answer with a code this table does not know says "unexpected".
import type { DashboardKey, DashboardTranslate } from "~/i18n/dashboard";
import { protocolData } from "./protocol-code";

const BY_CODE: Record<string, DashboardKey> = {
  UNAUTHENTICATED: "common.errors.UNAUTHENTICATED",
  FORBIDDEN: "common.errors.FORBIDDEN",
  NOT_FOUND: "common.errors.NOT_FOUND",
  STALE_VERSION: "common.conflict",
  RATE_LIMITED: "common.errors.RATE_LIMITED",
  PASSWORD_CHANGE_REQUIRED: "common.errors.PASSWORD_CHANGE_REQUIRED",
  VALIDATION_FAILED: "common.errors.VALIDATION_FAILED",
  DATABASE_UNAVAILABLE: "common.errors.DATABASE_UNAVAILABLE",
  DATABASE_READ_ONLY: "common.errors.DATABASE_UNAVAILABLE",
  INTERNAL: "common.errors.INTERNAL",
};

// A conflict is not something that went wrong: someone else's change won and nothing was
// overwritten. Its sentence stands on its own, without the "Something went wrong:" frame.
const UNFRAMED: ReadonlySet<DashboardKey> = new Set<DashboardKey>(["common.conflict"]);

function sentenceKey(error: unknown): DashboardKey {
  const { code } = protocolData(error);
  if (typeof code === "string") return BY_CODE[code] ?? "common.errors.unexpected";
  return "common.errors.noAnswer";
}

/** The sentence for an error's code (without the "Something went wrong:" frame). */
export const errorSentence = (error: unknown, t: DashboardTranslate): string => t(sentenceKey(error));

/** A page's or a form's error line: "Something went wrong: …", or a conflict's own sentence. */
export function errorText(error: unknown, t: DashboardTranslate): string {
  const key = sentenceKey(error);
  return UNFRAMED.has(key) ? t(key) : t("common.error", { message: t(key) });
}
