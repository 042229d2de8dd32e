import { randomBytes } from "node:crypto";
import path from "node:path";
import type { NextConfig } from "next";

// One id per build: Next's build id and the service worker's version (app/sw.js/route.ts), so
// each deployment replaces the worker of the one before. Kept in the environment so the build's
// worker processes, which read this file again, agree on it.
const buildId = (process.env.ONCE_BUILD_ID ??= randomBytes(12).toString("base64url"));

// Sent with every answer. Pages get their nonce-based Content-Security-Policy from proxy.ts;
// API answers (JSON, CSV, problem documents) get one that allows nothing at all. HSTS depends
// on PUBLIC_URL at run time, so server.mjs adds it.
const everywhere = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

// `pnpm bench:idempotency` builds with ONCE_BENCH_BUILD=1: only then are `*.bench.ts` files
// routes (the benchmark's baselines), and the build goes to its own folder, so a normal build
// and its routes are never touched by it.
const benchBuild = process.env.ONCE_BENCH_BUILD === "1";

// The test command (scripts/test-run/run-tests.ts) builds with ONCE_BUILD_IN_TEST_RUN=1 in the
// same turbo run as `@once/web#typecheck` (the same tsconfig), on a fresh clone: the build's own
// TypeScript pass would check the same files again (~20 s), and Turbopack's build cache would be
// written for no later build to read (~15 s). Any other build does both.
const testRunBuild = process.env.ONCE_BUILD_IN_TEST_RUN === "1";

const config: NextConfig = {
  // A node runs from one folder (.next/standalone, completed by scripts/standalone.mjs after
  // the build: server.mjs, migrations, static files; docs/OPERATIONS.md). Traced from the
  // repository's root, since the workspace packages live outside apps/web (Next runs this file
  // with apps/web as the working directory).
  ...(benchBuild ? {} : { output: "standalone" as const, outputFileTracingRoot: path.resolve("../..") }),
  pageExtensions: benchBuild ? ["bench.ts", "tsx", "ts"] : ["tsx", "ts"],
  distDir: benchBuild ? ".next-bench" : ".next",
  // Workspace packages ship TypeScript source.
  transpilePackages: ["@once/api", "@once/db", "@once/idempotency", "@once/notify", "@once/auth"],
  // Native/WASM database drivers stay out of the bundle and load from node_modules.
  // prom-client too: one copy for every bundle (its registry is shared through globalThis).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "pg",
    "@prisma/adapter-pg",
    "pg-boss",
    "nodemailer",
    "rate-limiter-flexible",
    "prom-client",
  ],
  // Pages opened at 127.0.0.1 in dev would otherwise never hydrate (Next 16 blocks the origin).
  allowedDevOrigins: ["127.0.0.1"],
  poweredByHeader: false,
  generateBuildId: () => buildId,
  env: { ONCE_BUILD_ID: buildId },
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: testRunBuild },
  experimental: {
    turbopackFileSystemCacheForBuild: !testRunBuild,
    // A node loads a route's server code when the route is first asked for, not every page's at
    // start (Next's default): it starts on ~0.5 CPU-s less (2.9 instead of 3.4 CPU-s, measured
    // in BENCHMARKS.md), which during a rolling restart is CPU its neighbours keep for traffic;
    // the first request for each page on a fresh node pays it once (~60 ms on /order).
    preloadEntriesOnStart: false,
  },
  typedRoutes: false,
  headers: () =>
    Promise.resolve([
      { source: "/:path*", headers: everywhere },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
      { source: "/metrics", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
    ]),
};

export default config;
