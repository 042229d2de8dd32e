// This node's better-auth instance (staff sign-in), created on first use.
import "server-only";
import { createAuth, type Auth } from "@once/auth";
import { prisma } from "./prisma";
import { CLIENT_ADDRESS_HEADER } from "@once/api/limits";
import { env } from "~/env";
import { secureCookies } from "./session";
import { publicBaseUrl, trustedOrigins } from "./trusted-origins";

let auth: Auth | undefined;

export function getAuth(): Auth {
  auth ??= createAuth(prisma(), {
    secret: env.BETTER_AUTH_SECRET,
    baseURL: publicBaseUrl(),
    trustedOrigins: trustedOrigins(),
    secureCookies: secureCookies(),
    clientAddressHeader: CLIENT_ADDRESS_HEADER,
  });
  return auth;
}
