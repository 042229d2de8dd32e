// Staff accounts on real PostgreSQL: creation, sign-in through better-auth, and the check
// that keeps production from running with the published development password.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { hashPassword } from "better-auth/crypto";
import { createPrismaClient, type PrismaClient } from "@once/db";
import type {} from "@once/db/testing/global-setup";
import { createAuth, staffFromHeaders } from "./create-auth.ts";
import { DEV_STAFF, hasDefaultCredentials, upsertStaffAccount } from "./staff-accounts.ts";

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
});
