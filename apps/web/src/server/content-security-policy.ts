// The pages' Content-Security-Policy (Next's nonce recipe: see proxy.ts). API answers get a
// stricter fixed one from next.config.ts. `unsafe-eval` only in development, where React
// needs it for its error overlays; `upgrade-insecure-requests` only when served over HTTPS.
import { env } from "~/env";

export function contentSecurityPolicy(nonce: string): string {
  const development = env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // Style attributes (Next's built-in error pages use them) cannot run code.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(env.PUBLIC_URL?.startsWith("https:") ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
