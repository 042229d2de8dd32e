// Staff accounts on real PostgreSQL: creation, sign-in through better-auth, the check that
// keeps production from running with the published development password, and each refusal's
// reason code and parameters (what the admin page words in the reader's language).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { hashPassword } from "better-auth/crypto";
import { createPrismaClient, type PrismaClient } from "@once/db";
import type {} from "@once/db/testing/global-setup";
import { createAuth, staffFromHeaders } from "./create-auth.ts";
import {
  addStaffAccount,
  DEV_STAFF,
  disableStaffAccount,
  enableStaffAccount,
  findStaffAccount,
  hasDefaultCredentials,
  setStaffPassword,
  StaffAccountError,
  upsertStaffAccount,
} from "./staff-accounts.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = createPrismaClient(inject("databaseUrl"), { poolSize: 2 });
});
afterAll(() => prisma.$disconnect());

describe("staff accounts", () => {
  it("flags the development account only while it has its published password", async () => {
    expect(await hasDefaultCredentials(prisma)).toBe(false);
    const id = await upsertStaffAccount(prisma, DEV_STAFF);
    expect(await upsertStaffAccount(prisma, DEV_STAFF)).toBe(id);
    expect(await hasDefaultCredentials(prisma)).toBe(true);
    await prisma.account.updateMany({ where: { userId: id }, data: { password: await hashPassword("a-real-secret-password") } });
    expect(await hasDefaultCredentials(prisma)).toBe(false);
  });

  it("signs a staff member in and reads the role from the session", async () => {
    await upsertStaffAccount(prisma, { email: "Dana@Staff.test", password: "dana-password-1", name: "Dana", role: "admin" });
    const auth = createAuth(prisma, { secret: "x".repeat(40), baseURL: "http://localhost:3000" });
    const response = await auth.api.signInEmail({ body: { email: "dana@staff.test", password: "dana-password-1" }, asResponse: true });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await staffFromHeaders(auth, new Headers({ cookie }))).toMatchObject({ email: "dana@staff.test", role: "admin", name: "Dana" });
    expect(await staffFromHeaders(auth, new Headers())).toBeNull();
    const wrong = await auth.api.signInEmail({ body: { email: "dana@staff.test", password: "wrong-password" }, asResponse: true });
    expect(wrong.status).toBe(401);
  });

  it("refuses with a stable reason, its parameters and the English sentence, and writes nothing", async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.fail("not refused"),
        (error: unknown) => {
          expect(error).toBeInstanceOf(StaffAccountError);
          const { reason, params, message } = error as StaffAccountError;
          return { reason, params, message };
        },
      );
    const add = (input: Partial<Parameters<typeof addStaffAccount>[1]>) =>
      addStaffAccount(prisma, { email: "refused@staff.test", name: "Refused", role: "sales", password: "violet-harbour-lantern-42", ...input });
    expect(await refusal(add({ email: "not-an-address" }))).toEqual({
      reason: "INVALID_EMAIL",
      params: { email: "not-an-address" },
      message: 'not an e-mail address: "not-an-address"',
    });
    expect(await refusal(add({ name: "   " }))).toEqual({ reason: "EMPTY_NAME", params: {}, message: "the name is empty" });
    expect(await refusal(add({ role: "owner" }))).toEqual({
      reason: "UNKNOWN_ROLE",
      params: { role: "owner" },
      message: 'unknown role "owner": use sales or admin',
    });
    expect(await refusal(add({ password: "short" }))).toEqual({
      reason: "WEAK_PASSWORD",
      params: { rule: "TOO_SHORT", min: 12 },
      message: "the password is too short: at least 12 characters",
    });
    expect(await refusal(add({ password: "qwerty-2026!" }))).toMatchObject({ reason: "WEAK_PASSWORD", params: { rule: "COMMON_WORD", word: "qwerty" } });
    expect(await prisma.user.count({ where: { email: "refused@staff.test" } })).toBe(0);

    const missing = { reason: "NO_SUCH_ACCOUNT", params: { email: "nobody@staff.test" }, message: "no staff account with the e-mail nobody@staff.test" };
    expect(await refusal(findStaffAccount(prisma, " Nobody@Staff.test "))).toEqual(missing);
    expect(await refusal(setStaffPassword(prisma, "nobody@staff.test", "violet-harbour-lantern-42"))).toEqual(missing);
    expect(await refusal(disableStaffAccount(prisma, "nobody@staff.test"))).toEqual(missing);
    expect(await refusal(enableStaffAccount(prisma, "nobody@staff.test"))).toEqual(missing);

    await add({ email: "kept@staff.test", name: "Kept Account" });
    expect(await refusal(setStaffPassword(prisma, "kept@staff.test", "kept-2026-password"))).toMatchObject({
      reason: "WEAK_PASSWORD",
      params: { rule: "CONTAINS_EMAIL" },
    });
  });
});
