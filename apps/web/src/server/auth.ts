// This node's better-auth instance (staff sign-in), created on first use.
/* eslint-disable no-restricted-properties -- PORT is set by `next start --port`/`next dev --port`, not part of env.ts */
import "server-only";
import { createAuth, type Auth } from "@once/auth";
import { prisma } from "./prisma";
import { CLIENT_ADDRESS_HEADER } from "@once/api/limits";
import { env } from "~/env";
import { secureCookies } from "./session";

let auth: Auth | undefined;

export function getAuth(): Auth {
  if (!auth) {
    const port = process.env.PORT ?? "3000";
    const baseURL = env.PUBLIC_URL ?? `http://localhost:${port}`;
    const trusted = [baseURL, `http://localhost:${port}`, `http://127.0.0.1:${port}`, ...(env.TRUSTED_ORIGINS?.split(",").map((o) => o.trim()) ?? [])];
    auth = createAuth(prisma(), {
      secret: env.BETTER_AUTH_SECRET,
      baseURL,
      trustedOrigins: trusted,
      secureCookies: secureCookies(),
      clientAddressHeader: CLIENT_ADDRESS_HEADER,
    });
  }
  return auth;
}
