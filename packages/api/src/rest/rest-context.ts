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
  /**
   * Seconds to wait when `subject` is over its budget, else null. Budgets: "write" per
   * principal (creates), "session" per client address (new customer sessions).
   */
  rateLimit?: (budget: "write" | "session", subject: string) => Promise<number | null>;
  log?: (event: string, fields: Record<string, unknown>) => void;
}
