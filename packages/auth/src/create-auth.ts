// Staff sign-in (better-auth, e-mail and password, Prisma adapter). Roles "sales" and
// "admin" live on the user; sessions are better-auth's cookie sessions. Sign-in attempts are
// limited in front of better-auth (apps/web's /api/auth route: per address and per account,
// shared by all nodes), because its own limiter is per node and believes X-Forwarded-For.
// Customers never sign in: they have anonymous sessions (packages/api).
// A disabled account (`pnpm staff disable`) cannot sign in and its sessions are deleted at that
// moment (staff-accounts.ts); a session created in a race with the disabling is refused here.
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { prismaAdapter } from "better-auth/adapters/prisma";
import type { PrismaClient } from "@once/db";
import { isStaffRole, type StaffRole } from "./roles.ts";

export { STAFF_ROLES, type StaffRole } from "./roles.ts";

export interface AuthOptions {
  secret: string;
  baseURL: string;
  /** Origins allowed to call the sign-in endpoints (CSRF protection). */
  trustedOrigins?: string[];
  /** The request header that holds the client's address as the server established it. */
  clientAddressHeader?: string;
  secureCookies?: boolean;
}

export function createAuth(prisma: PrismaClient, options: AuthOptions) {
  return betterAuth({
    appName: "Sample guides dashboard",
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: "/api/auth",
    trustedOrigins: options.trustedOrigins,
    database: prismaAdapter(prisma, { provider: "postgresql" }),
    telemetry: { enabled: false },
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 10 },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "sales", input: false },
        disabledAt: { type: "date", required: false, input: false },
        // Read with the session on every request: the dashboard then lets a temporary password's
        // holder do nothing but replace it (staff-accounts.ts, changeOwnPassword).
        mustChangePassword: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Runs after the password was verified: only the account's holder learns it is disabled.
          async before(session) {
            const user = await prisma.user.findUnique({ where: { id: session.userId }, select: { disabledAt: true } });
            if (!user || user.disabledAt) throw new APIError("FORBIDDEN", { message: "This account is disabled.", code: "ACCOUNT_DISABLED" });
          },
        },
      },
    },
    session: { expiresIn: 60 * 60 * 12, updateAge: 60 * 60 },
    advanced: {
      useSecureCookies: options.secureCookies ?? false,
      cookiePrefix: "staff",
      ipAddress: { ipAddressHeaders: options.clientAddressHeader ? [options.clientAddressHeader] : [] },
    },
    rateLimit: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  /**
   * Signed in with a temporary password (set by an admin): only the password page and sign-out
   * may be used. Always set from a session (staffSessionFromHeaders); absent only in members
   * that tests build, meaning false.
   */
  mustChangePassword?: boolean;
}

/** The signed-in staff member of a request and the id of their session, or null. */
export async function staffSessionFromHeaders(auth: Auth, headers: Headers): Promise<{ staff: StaffMember; sessionId: string } | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string; disabledAt?: Date | null; mustChangePassword?: boolean | null };
  if (user.disabledAt) return null;
  const role = isStaffRole(user.role ?? "") ? (user.role as StaffRole) : "sales";
  const staff = { id: user.id, name: user.name, email: user.email, role, mustChangePassword: user.mustChangePassword === true };
  return { staff, sessionId: session.session.id };
}

/** The signed-in staff member of a request, or null. */
export async function staffFromHeaders(auth: Auth, headers: Headers): Promise<StaffMember | null> {
  return (await staffSessionFromHeaders(auth, headers))?.staff ?? null;
}
