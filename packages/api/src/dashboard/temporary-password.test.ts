// Issue 26, item 7: a password an admin sets is temporary. Signed in with it (better-auth, on the
// real database), a member can do nothing on the dashboard but replace it; the replacement
// verifies the temporary password, applies the policy, refuses the same one, clears the flag
// and ends the member's other sessions. The fixtures' accounts (upsertStaffAccount) are not flagged.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { addStaffAccount, createAuth, setStaffPassword, staffSessionFromHeaders, upsertStaffAccount, type Auth } from "@once/auth";
import type { RateLimits } from "../limits/rate-limits.ts";
import { appRouter, createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
let auth: Auth;
const adminId = randomUUID();
beforeAll(async () => {
  prisma = testPrisma();
  auth = createAuth(prisma, { secret: "temporary-password-test-secret-0123456789", baseURL: "http://127.0.0.1:3999" });
  await prisma.user.create({ data: { id: adminId, name: "Admin Ada", email: `${adminId}@example.com`, role: "admin" } });
});
afterAll(() => prisma.$disconnect());

const admin = () =>
  createCaller(createContextInner({ prisma, customerId: null, staff: { id: adminId, role: "admin", name: "Ada", email: `${adminId}@example.com` } }));
const address = () => `temp-${randomUUID().slice(0, 8)}@example.com`;
const TEMPORARY = "violet-harbour-lantern-42";
const CHOSEN = "quiet-otter-meadow-517";

/** Signs in through better-auth: the session cookie, or null when the password is refused. */
async function signIn(email: string, password: string): Promise<string | null> {
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  if (response.status !== 200) return null;
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";", 1)[0]!)
    .join("; ");
}

/** A caller as the web app builds it from the request's cookie (apps/web/src/server/context.ts). */
async function memberCaller(cookie: string, limits?: RateLimits) {
  const signedIn = await staffSessionFromHeaders(auth, new Headers({ cookie }));
  if (!signedIn) throw new Error("not signed in");
  const staffSession = { id: signedIn.sessionId, stillValid: () => Promise.resolve(true) };
  return { staff: signedIn.staff, caller: createCaller(createContextInner({ prisma, customerId: null, staff: signedIn.staff, staffSession, limits })) };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, reason: error instanceof ProtocolTRPCError ? error.protocol.code : undefined };
}

async function call(caller: ReturnType<typeof createCaller>, path: string, input: unknown) {
  let target: unknown = caller;
  for (const part of path.split(".")) target = (target as Record<string, unknown>)[part];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

describe("a temporary password", () => {
  it("is what an admin's invitation and reset, and pnpm staff add and passwd, set; the fixtures' (upsertStaffAccount, also the development account's) are not", async () => {
    const invited = address();
    await admin().dashboard.staffAccounts.invite({ email: invited, name: "Invited", role: "sales", password: TEMPORARY });
    expect((await admin().dashboard.staffAccounts.list()).find((a) => a.email === invited)).toMatchObject({ mustChangePassword: true });

    const fixture = address();
    await upsertStaffAccount(prisma, { email: fixture, name: "Fixture", role: "sales", password: TEMPORARY });
    const flagOf = async (email: string) =>
      (await prisma.user.findUniqueOrThrow({ where: { email }, select: { mustChangePassword: true } })).mustChangePassword;
    expect(await flagOf(fixture)).toBe(false);
    await admin().dashboard.staffAccounts.resetPassword({ email: fixture, password: CHOSEN });
    expect(await flagOf(fixture)).toBe(true);
    // The fixture written again with a new password is the fixture's again: not flagged.
    await upsertStaffAccount(prisma, { email: fixture, name: "Fixture", role: "sales", password: TEMPORARY });
    expect(await flagOf(fixture)).toBe(false);

    const cli = address();
    await addStaffAccount(prisma, { email: cli, name: "From CLI", role: "sales", password: TEMPORARY });
    expect(await flagOf(cli)).toBe(true);
    await prisma.user.update({ where: { email: cli }, data: { mustChangePassword: false } });
    await setStaffPassword(prisma, cli, CHOSEN);
    expect(await flagOf(cli)).toBe(true);
  });

  it("lets its holder do nothing but replace it; the replacement is checked, clears the flag and ends the other sessions", async () => {
    const email = address();
    await admin().dashboard.staffAccounts.invite({ email, name: "Newcomer", role: "admin", password: TEMPORARY });
    const elsewhere = (await signIn(email, TEMPORARY))!;
    const here = (await signIn(email, TEMPORARY))!;
    const { staff, caller } = await memberCaller(here);
    expect(staff.mustChangePassword).toBe(true);

    // Every other dashboard procedure (enumerated from the router, so a new one cannot forget) refuses.
    const paths = Object.keys(appRouter._def.procedures).filter((p) => p.startsWith("dashboard.") && p !== "dashboard.password.change");
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths)
      expect({ path, ...(await refusal(call(caller, path, {}))) }).toEqual({ path, code: "FORBIDDEN", reason: "PASSWORD_CHANGE_REQUIRED" });

    const change = (currentPassword: string, newPassword: string) => caller.dashboard.password.change({ currentPassword, newPassword });
    expect(await refusal(change("not-the-temporary-one", CHOSEN))).toEqual({ code: "FORBIDDEN", reason: "WRONG_PASSWORD" });
    expect(await refusal(change(TEMPORARY, "short"))).toEqual({ code: "BAD_REQUEST", reason: "WEAK_PASSWORD" });
    expect(await refusal(change(TEMPORARY, "newcomer-lantern-88"))).toEqual({ code: "BAD_REQUEST", reason: "WEAK_PASSWORD" }); // contains the name
    expect(await refusal(change(TEMPORARY, TEMPORARY))).toEqual({ code: "BAD_REQUEST", reason: "SAME_PASSWORD" });
    expect(await staffSessionFromHeaders(auth, new Headers({ cookie: elsewhere }))).not.toBeNull(); // refusals change nothing

    expect(await change(TEMPORARY, CHOSEN)).toEqual({ revokedSessions: 1 });
    expect(await staffSessionFromHeaders(auth, new Headers({ cookie: elsewhere }))).toBeNull();
    const after = await memberCaller(here); // this session stands, now without the flag
    expect(after.staff.mustChangePassword).toBe(false);
    expect((await after.caller.dashboard.staffAccounts.list()).find((a) => a.email === email)).toMatchObject({ mustChangePassword: false });
    // Once replaced, the password is the member's: changing it again is an admin's (NOT_TEMPORARY).
    expect(await refusal(after.caller.dashboard.password.change({ currentPassword: CHOSEN, newPassword: "amber-cliff-sparrow-604" }))).toEqual({
      code: "CONFLICT",
      reason: "NOT_TEMPORARY",
    });
    expect(await signIn(email, TEMPORARY)).toBeNull();
    expect(await signIn(email, CHOSEN)).not.toBeNull();
  });

  it("is replaced once when two replacements run at once", async () => {
    const email = address();
    await admin().dashboard.staffAccounts.invite({ email, name: "Racer", role: "sales", password: TEMPORARY });
    const { caller } = await memberCaller((await signIn(email, TEMPORARY))!);
    const outcomes = await Promise.allSettled([
      caller.dashboard.password.change({ currentPassword: TEMPORARY, newPassword: CHOSEN }),
      caller.dashboard.password.change({ currentPassword: TEMPORARY, newPassword: "amber-cliff-sparrow-604" }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const winner = outcomes[0].status === "fulfilled" ? CHOSEN : "amber-cliff-sparrow-604";
    expect(await signIn(email, winner)).not.toBeNull();
  });

  it("spends the staff write budget like every dashboard change", async () => {
    const email = address();
    await admin().dashboard.staffAccounts.invite({ email, name: "Budget", role: "sales", password: TEMPORARY });
    const spent: string[] = [];
    const limits = { take: (budget: string, subject: string) => (spent.push(`${budget} ${subject}`), Promise.resolve(17)) } as unknown as RateLimits;
    const { staff, caller } = await memberCaller((await signIn(email, TEMPORARY))!, limits);
    expect(await refusal(caller.dashboard.password.change({ currentPassword: TEMPORARY, newPassword: CHOSEN }))).toEqual({
      code: "TOO_MANY_REQUESTS",
      reason: "RATE_LIMITED",
    });
    expect(spent).toEqual([`staff-write ${staff.id}`]);
    expect((await prisma.user.findUniqueOrThrow({ where: { email }, select: { mustChangePassword: true } })).mustChangePassword).toBe(true);
  });
});
