// The web app's environment, validated when the server starts (see instrumentation.ts).
// Every variable is documented in .env.example. Code reads `env`, never process.env.
import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

export const env = createEnv({
  server: {
    // Always set by `with-database` (pnpm dev / pnpm start), embedded or real.
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    // Signs customer sessions; all nodes need the same value. `with-database` fills it from the
    // database when unset, so it is only required when running Next without it.
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
    // Signs staff sessions (better-auth); filled from the database by `with-database` when unset.
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters"),
    // The public address of the app (staff sign-in checks request origins against it).
    PUBLIC_URL: z.url().optional(),
    // More origins allowed to sign staff in, comma-separated (e.g. the nginx address).
    TRUSTED_ORIGINS: z.string().optional(),
    // Staff sign-in attempts per client address and minute, per node, before 429.
    STAFF_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(5),
    // Operation records stay replayable this long (CONTRACT.md: at least 30 days).
    IDEMPOTENCY_RETENTION_DAYS: z.coerce.number().int().min(30, "must be at least 30 (the published contract)").default(30),
    // How long a request waits for a concurrent attempt with the same key before a 409.
    IDEMPOTENCY_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2_000),
    // REST writes per customer session per minute, per node (429 beyond).
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    // New customer sessions (POST /api/v1/sessions) per client address per minute, per node.
    RATE_LIMIT_SESSIONS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(16_384),
    // Mark the session cookie Secure; turn off only when production is served over plain HTTP.
    SECURE_COOKIES: z.stringbool().default(false),
    // Serve /api/bench/* baselines for `pnpm bench:idempotency`; never set in production.
    BENCH_ENDPOINTS: z.stringbool().default(false),
    // "in-process": each node also runs the notification worker; "off": run `pnpm worker` instead.
    NOTIFY_WORKER: z.enum(["in-process", "off"]).default("in-process"),
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
