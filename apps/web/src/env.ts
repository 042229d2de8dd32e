// The web app's environment, validated when the server starts (see instrumentation.ts).
// Every variable is documented in .env.example. Code reads `env`, never process.env.
import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";
import { DEFAULT_MAX_BODY_BYTES } from "@once/idempotency/http";
import { DEFAULT_TOMBSTONE_DAYS, defaultConfig, MIN_RETENTION_DAYS, MIN_TOMBSTONE_DAYS } from "@once/idempotency/server";

export const env = createEnv({
  server: {
    // Always set by `with-database` (pnpm dev / pnpm start), embedded or real.
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }),
    // A standby for the dashboard's lists and CSV export (packages/db/src/read-replica.ts).
    DATABASE_REPLICA_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
    // PostgreSQL itself when DATABASE_URL is a pooler in transaction mode (PgBouncer): the LISTEN
    // connections (live lead lists, the outbox relay's wake-up) and migrations need a session.
    // `with-database` refuses to start a node whose setup needs it unset (docs/OPERATIONS.md).
    DIRECT_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    // Signs customer sessions; all nodes need the same value. `with-database` fills it from the
    // database when unset, so it is only required when running Next without it.
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
    // The secret SESSION_SECRET replaces, still accepted for verification while tokens signed
    // with it are around (pages re-sign them): rotation without logging customers out.
    SESSION_SECRET_PREVIOUS: z.string().min(32, "must be at least 32 characters").optional(),
    // How long a customer token is valid; pages renew it for the same customer past half-life.
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    // Signs staff sessions (better-auth); production requires it (with-database --production).
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters"),
    // The public address of the app (staff sign-in checks request origins against it).
    PUBLIC_URL: z.url().optional(),
    // More origins allowed to sign staff in, comma-separated (e.g. the nginx address).
    TRUSTED_ORIGINS: z.string().optional(),
    // Staff sign-in attempts per client address and minute (all nodes together), before 429.
    STAFF_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(5),
    // Wrong passwords in a row an account gets before each attempt must wait 1 s, 2 s, 4 s … 15 min.
    STAFF_SIGN_IN_FREE_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
    // Dashboard mutations per staff member and minute, all nodes (a bulk update counts per lead).
    STAFF_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    // Proxies whose X-Forwarded-For is believed (addresses, CIDRs, "loopback"); read by server.mjs.
    TRUSTED_PROXIES: z.string().optional(),
    // Lets monitoring read /api/health's details (Authorization: Bearer <token>); staff see them too.
    HEALTH_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    // Lets Prometheus read /metrics (Authorization: Bearer <token>). Unset: /metrics is 404 in
    // production (never open by mistake) and open in development.
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    // Operation records stay replayable this long (docs/GUARANTEES.md §7: at least 30 days).
    IDEMPOTENCY_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(MIN_RETENTION_DAYS, `must be at least ${MIN_RETENTION_DAYS} (the published contract)`)
      .default(defaultConfig.retentionDays),
    // After retention a key is a tombstone (410, never executed) this long, then it is deleted
    // (docs/API.md, "How long a key is remembered"); retention + this must cover SESSION_TTL_DAYS.
    IDEMPOTENCY_TOMBSTONE_DAYS: z.coerce
      .number()
      .int()
      .min(MIN_TOMBSTONE_DAYS, `must be at least ${MIN_TOMBSTONE_DAYS} (the margin docs/API.md promises)`)
      .default(DEFAULT_TOMBSTONE_DAYS),
    // How long a request waits for a concurrent attempt with the same key before a 409.
    IDEMPOTENCY_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(defaultConfig.lockTimeoutMs),
    // Orders and inquiries (REST and tRPC) per customer session per minute, all nodes (429 beyond).
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    // Orders and inquiries per client address per minute, whatever sessions it uses.
    RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    // New customer sessions (POST /api/v1/sessions) per client address per minute, all nodes.
    RATE_LIMIT_SESSIONS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    // Copies of one guide a customer session, or one delivery phone number, may order per day.
    ORDER_DAILY_COPIES_PER_GUIDE: z.coerce.number().int().min(1).max(1000).default(10),
    // Copies of one guide ordered WITHOUT a delivery phone (API clients) from one client address per
    // day: fresh sessions buy no more. Its own figure, higher: one address can be a whole office or
    // a partner's server.
    ORDER_DAILY_COPIES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(100),
    // The largest request body read (413 beyond).
    MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(DEFAULT_MAX_BODY_BYTES),
    // Secure cookies (and `__Host-` for the session); unset: on exactly when PUBLIC_URL is https.
    SECURE_COOKIES: z.stringbool().optional(),
    // "in-process": each node also runs the notification worker; "off": run `pnpm worker` instead.
    NOTIFY_WORKER: z.enum(["in-process", "off"]).default("in-process"),
    // How long a node may take to stop after SIGTERM (draining requests, finishing the
    // deliveries it holds, writing counters) before it exits anyway; read by server.mjs.
    // Keep it below the orchestrator's kill timeout (Kubernetes: 30 s; systemd: 90 s).
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(15_000),
    // How often a node writes its operation counters (the operator view, per-lead counters); it
    // also writes them when it stops cleanly. A crash loses at most this much.
    OPERATION_STATS_FLUSH_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(5_000),
    // Next's switch for leaving SIGINT/SIGTERM to the app; the dev script sets it so that
    // `pnpm dev` stops through the same hooks as production (server/dev-stop.ts).
    NEXT_MANUAL_SIG_HANDLE: z.string().optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  },
  client: {},
  experimental__runtimeEnv: {},
  // `next build` runs without a database; the values are checked when the server starts.
  skipValidation: process.env.NEXT_PHASE === "phase-production-build",
  emptyStringAsUndefined: true,
  onValidationError: (issues) => {
    const lines = issues.map((issue) => {
      const name = issue.path?.map((p) => (typeof p === "object" ? p.key : p)).join(".") ?? "?";
      return `invalid environment variable ${String(name)}: ${issue.message}`;
    });
    throw new Error(lines.join("\n"));
  },
});
