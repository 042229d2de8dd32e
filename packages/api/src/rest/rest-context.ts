// What every REST handler needs, resolved once per process by the web app.
import type { PrismaClient } from "@once/db";
import type { RunOptions } from "@once/idempotency/server";

export interface RestDeps {
  prisma: PrismaClient;
  sessionSecret: string;
  /** Mark the session cookie Secure (production over HTTPS). */
  secureCookies: boolean;
  maxBodyBytes?: number;
  runOptions?: RunOptions;
  /** Returns seconds to wait when the principal is over its write budget, else null. */
  rateLimit?: (principal: string) => Promise<number | null>;
  log?: (event: string, fields: Record<string, unknown>) => void;
}
