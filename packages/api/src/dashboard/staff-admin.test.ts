// The admin page's staff management through the router (admins only), on the real database:
// invite, refusals in one sentence with a reason code and its parameters in the error's protocol
// data (what the page words in the reader's language), disable ending sessions at once, enable, reset.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
const adminId = randomUUID();
beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.create({ data: { id: adminId, name: "Admin Ada", email: `${adminId}@example.com`, role: "admin" } });
});
afterAll(() => prisma.$disconnect());

const as = (id: string, role: "admin" | "sales") =>
  createCaller(createContextInner({ prisma, customerId: null, staff: { id, role, name: "x", email: "x@example.com" } }));
const admin = () => as(adminId, "admin");
const email = () => `staff-${randomUUID().slice(0, 8)}@example.com`;
const STRONG = "violet-harbour-lantern-42";

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const protocol = error instanceof ProtocolTRPCError ? error.protocol : undefined;
  return { code: (error as TRPCError).code, message: (error as TRPCError).message, reason: protocol?.code, params: protocol?.params };
}

describe("staff accounts (admin page)", () => {
  it("invites with a temporary password, and refuses weak passwords, unknown roles, empty names, bad addresses and a second account", async () => {
    const address = email();
    expect(await admin().dashboard.staffAccounts.invite({ email: address, name: "New Sales", role: "sales", password: STRONG })).toMatchObject({
      created: true,
    });
    expect((await admin().dashboard.staffAccounts.list()).find((a) => a.email === address)).toMatchObject({ role: "sales", disabled: false });
    const invite = (input: { email?: string; name?: string; role?: string; password?: string }) =>
      refusal(admin().dashboard.staffAccounts.invite({ email: email(), name: "Someone", role: "sales", password: STRONG, ...input }));
    expect(await invite({ name: "Weak", password: "short" })).toEqual({
      code: "BAD_REQUEST",
      message: "the password is too short: at least 12 characters",
      reason: "WEAK_PASSWORD",
      params: { rule: "TOO_SHORT", min: 12 },
    });
    expect(await invite({ name: "Owner", role: "owner" })).toEqual({
      code: "BAD_REQUEST",
      message: 'unknown role "owner": use sales or admin',
      reason: "UNKNOWN_ROLE",
      params: { role: "owner" },
    });
    // Blank after trimming: @once/auth's refusal, not a schema error without a reason.
    expect(await invite({ name: "   " })).toEqual({ code: "BAD_REQUEST", message: "the name is empty", reason: "EMPTY_NAME", params: {} });
    expect(await invite({ email: "lin@localhost" })).toEqual({
      code: "BAD_REQUEST",
      message: 'not an e-mail address: "lin@localhost"',
      reason: "INVALID_EMAIL",
      params: { email: "lin@localhost" },
    });
    expect(await invite({ email: address.toUpperCase(), name: "Again" })).toEqual({
      code: "CONFLICT",
      message: `there is already a staff account with the e-mail ${address}`,
      reason: "EMAIL_TAKEN",
      params: { email: address },
    });
  });

  it("two admins inviting the same e-mail at once: one account, and the other is told it is taken (not a 500)", async () => {
    const address = email();
    const invite = () => admin().dashboard.staffAccounts.invite({ email: address, name: "Twice Tao", role: "sales", password: STRONG });
    const invitations = [invite(), invite()];
    const outcomes = await Promise.allSettled(invitations);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = invitations[outcomes.findIndex((o) => o.status === "rejected")]!;
    expect(await refusal(refused)).toEqual({
      code: "CONFLICT",
      message: `there is already a staff account with the e-mail ${address}`,
      reason: "EMAIL_TAKEN",
      params: { email: address },
    });
    expect(await prisma.user.count({ where: { email: address } })).toBe(1);
  });

  it("disabling ends the account's sessions at once; enabling lets it back; resetting ends sessions too", async () => {
    const address = email();
    const { id } = await admin().dashboard.staffAccounts.invite({ email: address, name: "Session Sam", role: "sales", password: STRONG });
    const session = () => prisma.session.create({ data: { id: randomUUID(), token: randomUUID(), userId: id, expiresAt: new Date(Date.now() + 3_600_000) } });
    await session();
    expect(await admin().dashboard.staffAccounts.disable({ email: address })).toEqual({ revokedSessions: 1, alreadyDisabled: false });
    expect(await prisma.session.count({ where: { userId: id } })).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { id } })).disabledAt).not.toBeNull();
    expect(await admin().dashboard.staffAccounts.enable({ email: address })).toEqual({ wasDisabled: true });
    await session();
    expect(await admin().dashboard.staffAccounts.resetPassword({ email: address, password: "another-quiet-meadow-77" })).toEqual({ revokedSessions: 1 });
    expect(await refusal(admin().dashboard.staffAccounts.resetPassword({ email: address, password: "aaaaaaaaaaaaaaa" }))).toEqual({
      code: "BAD_REQUEST",
      message: "the password repeats too few characters: use at least 6 different ones",
      reason: "WEAK_PASSWORD",
      params: { rule: "FEW_DISTINCT", min: 6 },
    });
    const nobody = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const missing = { code: "NOT_FOUND", message: `no staff account with the e-mail ${nobody}`, reason: "NO_SUCH_ACCOUNT", params: { email: nobody } };
    expect(await refusal(admin().dashboard.staffAccounts.resetPassword({ email: nobody, password: STRONG }))).toEqual(missing);
    expect(await refusal(admin().dashboard.staffAccounts.disable({ email: nobody }))).toEqual(missing);
    expect(await refusal(admin().dashboard.staffAccounts.enable({ email: nobody }))).toEqual(missing);
  });

  it("refuses an admin disabling their own account, and anyone who is not an admin", async () => {
    const own = await prisma.user.findUniqueOrThrow({ where: { id: adminId } });
    expect(await refusal(admin().dashboard.staffAccounts.disable({ email: own.email }))).toEqual({
      code: "FORBIDDEN",
      message: "you cannot disable your own account",
      reason: "OWN_ACCOUNT",
      params: {},
    });
    const sales = as(randomUUID(), "sales");
    expect((await refusal(sales.dashboard.staffAccounts.list())).code).toBe("FORBIDDEN");
    expect((await refusal(sales.dashboard.staffAccounts.invite({ email: email(), name: "x", role: "admin", password: STRONG }))).code).toBe("FORBIDDEN");
  });
});
