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
  VALIDATION_FAILED: "common.errors.VALIDATION_FAILED",
  DATABASE_UNAVAILABLE: "common.errors.DATABASE_UNAVAILABLE",
  DATABASE_READ_ONLY: "common.errors.DATABASE_UNAVAILABLE",
  INTERNAL: "common.errors.INTERNAL",
};

/** The sentence for an error's code (without the "Something went wrong:" frame). */
export function errorSentence(error: unknown, t: DashboardTranslate): string {
  const { code } = protocolData(error);
  if (typeof code === "string") return t(BY_CODE[code] ?? "common.errors.unexpected");
  return t("common.errors.noAnswer");
}

/** "Something went wrong: …" for a page's or a form's error line. */
export const errorText = (error: unknown, t: DashboardTranslate): string => t("common.error", { message: errorSentence(error, t) });
