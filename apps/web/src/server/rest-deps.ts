// The REST handlers' dependencies for this node: database, session signing, limits and logging.
import "server-only";
import type { RestDeps } from "@once/api/rest";
import { prisma, readReplica } from "./prisma";
import { env } from "~/env";
import { idempotencyConfig } from "./context";
import { logger } from "./logger";
import { operationSettings } from "./business-settings";
import { getRateLimits } from "./rate-limits";
import { secureCookies, sessionSigning } from "./session";

export function restDeps(): RestDeps {
  return {
    prisma: prisma(),
    readReplica: readReplica(),
    sessionSecret: sessionSigning(),
    secureCookies: secureCookies(),
    maxBodyBytes: env.MAX_BODY_BYTES,
    idempotency: idempotencyConfig(),
    limits: getRateLimits(),
    operationSettings: operationSettings(),
    log: (event, fields) =>
      event.endsWith("error") ? logger.error(fields, event) : event === "rest.database_unavailable" ? logger.warn(fields, event) : logger.info(fields, event),
  };
}
