// One structured logger per process. Never log request bodies: they carry personal data.
// Every line written while a request is being answered carries its id (`requestId`, from the
// request's context: server/request-context.ts), so one id finds all of a request's lines.
import "server-only";
import pino from "pino";
import { env } from "~/env";
import { currentRequestId } from "./request-context";

export const logger = pino({
  level: env.LOG_LEVEL ?? "info",
  base: { service: "web" },
  mixin: () => {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
});
