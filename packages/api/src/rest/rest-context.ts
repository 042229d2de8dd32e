// What every REST handler needs, resolved once per process by the web app.
import type { PrismaClient } from "@once/db";
import type { IdempotencyConfig } from "@once/idempotency/server";
import type { RateLimits } from "../limits/rate-limits.ts";
import type { OperationSettings } from "../definitions/settings.ts";
import type { SessionSigning } from "../session/customer-session.ts";

export interface RestDeps {
  prisma: PrismaClient;
  /** The exports only (through readPreferringStandby): a standby when DATABASE_REPLICA_URL is set (else `prisma`). */
  readReplica?: PrismaClient;
  /** Signs and checks customer tokens (a bare secret, or with the previous one and a lifetime). */
  sessionSecret: string | SessionSigning;
  /** Mark the session cookie Secure (production over HTTPS). */
  secureCookies: boolean;
  maxBodyBytes?: number;
  idempotency?: IdempotencyConfig;
  /** The budgets shared by every node (creates per session and address, sessions per address). */
  limits?: RateLimits;
  /** Every operation's settings, the same record as tRPC's context (definitions/settings.ts; defaults when absent). */
  operationSettings?: OperationSettings;
  log?: (event: string, fields: Record<string, unknown>) => void;
}
