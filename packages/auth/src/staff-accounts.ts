// Creating staff accounts (there is no public sign-up), and the development account.
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@once/db";
import type { StaffRole } from "./create-auth.ts";

/** Development only: documented in the README; production refuses to start while it works. */
export const DEV_STAFF = { email: "sales@example.com", password: "change-me-now", name: "Dev Sales", role: "admin" as StaffRole };

export async function upsertStaffAccount(prisma: PrismaClient, account: { email: string; password: string; name: string; role: StaffRole }): Promise<string> {
  const email = account.email.toLowerCase();
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) return existing.id;
  const id = randomUUID();
  await prisma.user.create({
    data: {
      id,
      email,
      name: account.name,
      role: account.role,
      emailVerified: true,
      accounts: { create: { id: randomUUID(), accountId: id, providerId: "credential", password: await hashPassword(account.password) } },
    },
  });
  return id;
}

/** True when the development account exists with its published password. */
export async function hasDefaultCredentials(prisma: PrismaClient): Promise<boolean> {
  const account = await prisma.account.findFirst({
    where: { providerId: "credential", user: { email: DEV_STAFF.email } },
    select: { password: true },
  });
  return account?.password ? verifyPassword({ hash: account.password, password: DEV_STAFF.password }) : false;
}
