// The origins this node's own pages are served from: PUBLIC_URL, localhost and 127.0.0.1 on
// its port, and TRUSTED_ORIGINS (e.g. the nginx address). Staff sign-in (better-auth's CSRF
// check) and tRPC mutations (trpc-gate.ts) accept a browser's request only from these.
/* eslint-disable no-restricted-properties -- PORT is set by `next start --port`/`next dev --port`, not part of env.ts */
import "server-only";
import { env } from "~/env";

export function publicBaseUrl(): string {
  return env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`;
}

export function trustedOrigins(): string[] {
  const port = process.env.PORT ?? "3000";
  const extra = env.TRUSTED_ORIGINS?.split(",").map((o) => o.trim()) ?? [];
  return [publicBaseUrl(), `http://localhost:${port}`, `http://127.0.0.1:${port}`, ...extra].map((o) => o.replace(/\/+$/, ""));
}
