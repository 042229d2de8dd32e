// The REST handlers' dependencies for this node: database, secret, limits and logging.
import "server-only";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { RestDeps } from "@once/api/rest";
import { getPrisma } from "@once/db";
import { env } from "~/env";
import { runOptions } from "./context";
import { logger } from "./logger";

// Created on first use: `next build` loads this module without a validated environment.
const limiters: Partial<Record<"write" | "session", RateLimiterMemory>> = {};

async function rateLimit(budget: "write" | "session", subject: string): Promise<number | null> {
  const limiter = (limiters[budget] ??= new RateLimiterMemory({
    points: budget === "write" ? env.RATE_LIMIT_WRITES_PER_MINUTE : env.RATE_LIMIT_SESSIONS_PER_MINUTE,
    duration: 60,
  }));
  try {
    await limiter.consume(subject);
    return null;
  } catch (rejection) {
    const ms = (rejection as { msBeforeNext?: number }).msBeforeNext ?? 1000;
    return Math.max(1, Math.ceil(ms / 1000));
  }
}

export function restDeps(): RestDeps {
  return {
    prisma: getPrisma(),
    sessionSecret: env.SESSION_SECRET,
    secureCookies: env.NODE_ENV === "production" && env.SECURE_COOKIES,
    maxBodyBytes: env.MAX_BODY_BYTES,
    runOptions: runOptions(),
    rateLimit,
    log: (event, fields) => logger.info(fields, event),
  };
}
