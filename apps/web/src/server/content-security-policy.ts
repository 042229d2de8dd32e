// The pages' Content-Security-Policy (Next's nonce recipe: see proxy.ts). API answers get a
// stricter fixed one from next.config.ts. `unsafe-eval` (and unnonced styles) only in
// development, where React's error overlays and hot reload need them; `upgrade-insecure-requests` only when served over HTTPS.
import { env } from "~/env";

export function contentSecurityPolicy(nonce: string): string {
  const development = env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // Development's overlays and hot reload inject unnonced styles; a nonce would disable
    // 'unsafe-inline', so development gets 'unsafe-inline' alone.
    development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
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
