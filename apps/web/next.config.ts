import type { NextConfig } from "next";

const config: NextConfig = {
  // Workspace packages ship TypeScript source.
  transpilePackages: ["@once/api", "@once/db", "@once/idempotency", "@once/notify", "@once/auth"],
  // Native/WASM database drivers stay out of the bundle and load from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "@prisma/adapter-pg", "pg-boss", "nodemailer"],
  // Pages opened at 127.0.0.1 in dev would otherwise never hydrate (Next 16 blocks the origin).
  allowedDevOrigins: ["127.0.0.1"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default config;
