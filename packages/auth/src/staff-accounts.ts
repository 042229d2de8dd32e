// Staff accounts (there is no public sign-up): what `pnpm staff` and an admin page call. Each
// operation checks its input and says what is wrong in one sentence (StaffAccountError), with a
// stable reason code and its parameters (./refusals.ts) for pages that word it in their language.
// Disabling deletes the account's sessions in the same transaction, so it is signed out at
// once (sessions are read from the database on every request); create-auth.ts refuses it a new one.
// A password an operator or admin chooses for someone (invitation, reset, `pnpm staff add` and
// `passwd`) is temporary (`mustChangePassword`): the dashboard lets its holder do nothing but
// replace it (changeOwnPassword). Only upsertStaffAccount (development account, test fixtures)
// writes a password that is not.
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@once/db";
import { DEV_STAFF } from "./dev-staff.ts";
import { isUniqueViolation } from "./unique-violation.ts";
import { passwordViolation } from "./password-policy.ts";
import type { RefusalParams, StaffRefusalReason } from "./refusals.ts";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "./roles.ts";

export { DEV_STAFF } from "./dev-staff.ts";

/** A refused operation: `message` is one English sentence for the operator; `reason` and `params` say the same for a translation. */
export class StaffAccountError extends Error {
  override name = "StaffAccountError";
  constructor(
    readonly reason: StaffRefusalReason,
    message: string,
    readonly params: RefusalParams = {},
  ) {
    super(message);
  }
}

export interface StaffAccountInput {
  email: string;
  name: string;
  role: string;
  password: string;
}

/** An account to write: e-mail normalised, name, role and password checked (or trusted: upsertStaffAccount). */
type NewAccount = { email: string; password: string; name: string; role: StaffRole };
/** Whether the password written is one its holder must replace (see the top of this file). */
type Written = { temporary: boolean };

export interface StaffAccountSummary {
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  /** The password is temporary: its holder has not chosen their own yet. */
  mustChangePassword: boolean;
  createdAt: Date;
  /** Sessions not yet expired. */
  activeSessions: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!EMAIL.test(normalized)) throw new StaffAccountError("INVALID_EMAIL", `not an e-mail address: "${email}"`, { email });
  return normalized;
}

export function parseRole(role: string): StaffRole {
  if (!isStaffRole(role)) throw new StaffAccountError("UNKNOWN_ROLE", `unknown role "${role}": use ${STAFF_ROLES.join(" or ")}`, { role });
  return role;
}

function assertPassword(password: string, account: { email: string; name?: string }): void {
  const violation = passwordViolation(password, account);
  if (violation) throw new StaffAccountError("WEAK_PASSWORD", violation.message, { rule: violation.rule, ...violation.params });
}

/**
 * Creates the account, or updates an existing one with the same e-mail (name, role, and the
 * password when it differs: then its sessions end). No checks, and the password is not
 * temporary: for the development account and test fixtures, whose holders sign in with a
 * published password; operators go through `addStaffAccount`.
 */
export async function upsertStaffAccount(prisma: PrismaClient, account: NewAccount): Promise<string> {
  return (await saveAccount(prisma, { ...account, email: account.email.toLowerCase() }, { temporary: false })).id;
}

/**
 * `pnpm staff add`: checks e-mail, name, role and password, then creates or updates. A creation
 * that loses the race with another of the same e-mail is refused (EMAIL_TAKEN), not retried as
 * an update: the operator runs it again.
 */
export async function addStaffAccount(prisma: PrismaClient, input: StaffAccountInput): Promise<{ id: string; created: boolean }> {
  const email = normalizeEmail(input.email);
  return saveAccount(prisma, checkedAccount(email, input), { temporary: true });
}

/**
 * The admin page's invitation: like `addStaffAccount`, but an e-mail that already has an
 * account is refused (EMAIL_TAKEN), never updated — also when another creation of the same
 * e-mail commits first (see insertAccount).
 */
export async function createStaffAccount(prisma: PrismaClient, input: StaffAccountInput): Promise<{ id: string; created: true }> {
  const email = normalizeEmail(input.email);
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken(email);
  return insertAccount(prisma, checkedAccount(email, input), { temporary: true });
}

function checkedAccount(email: string, input: StaffAccountInput): NewAccount {
  const name = input.name.trim();
  if (!name) throw new StaffAccountError("EMPTY_NAME", "the name is empty");
  const role = parseRole(input.role);
  assertPassword(input.password, { email, name });
  return { email, name, role, password: input.password };
}

const emailTaken = (email: string) => new StaffAccountError("EMAIL_TAKEN", `there is already a staff account with the e-mail ${email}`, { email });

/**
 * Inserts a new account. Looking the e-mail up first cannot stop two creations of it that run
 * at once (both find nothing); the unique index on the e-mail lets one commit, and the other's
 * unique violation is the refusal a later creation would get, not an unexpected error.
 */
async function insertAccount(prisma: PrismaClient, account: NewAccount, written: Written): Promise<{ id: string; created: true }> {
  const id = randomUUID();
  const password = await hashPassword(account.password);
  try {
    await prisma.user.create({
      data: {
        id,
        email: account.email,
        name: account.name,
        role: account.role,
        emailVerified: true,
        mustChangePassword: written.temporary,
        accounts: { create: { id: randomUUID(), accountId: id, providerId: "credential", password } },
      },
    });
  } catch (error) {
    if (isUniqueViolation(error, "staff_user", "email")) throw emailTaken(account.email);
    throw error;
  }
  return { id, created: true };
}

async function saveAccount(prisma: PrismaClient, account: NewAccount, written: Written) {
  const existing = await prisma.user.findUnique({
    where: { email: account.email },
    select: { id: true, accounts: { where: { providerId: "credential" }, select: { id: true, password: true } } },
  });
  if (!existing) return insertAccount(prisma, account, written);
  const credential = existing.accounts[0];
  const samePassword = credential?.password ? await verifyPassword({ hash: credential.password, password: account.password }) : false;
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: existing.id }, data: { name: account.name, role: account.role } });
    // The same password again (a name or role change) keeps whatever its holder was asked to do.
    if (samePassword) return;
    await writePassword(tx, existing.id, credential?.id, account.password, written);
    await tx.session.deleteMany({ where: { userId: existing.id } });
  });
  return { id: existing.id, created: false };
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

async function writePassword(tx: Tx, userId: string, credentialId: string | undefined, password: string, written: Written): Promise<void> {
  const hash = await hashPassword(password);
  await tx.user.update({ where: { id: userId }, data: { mustChangePassword: written.temporary } });
  if (credentialId) await tx.account.update({ where: { id: credentialId }, data: { password: hash } });
  else await tx.account.create({ data: { id: randomUUID(), accountId: userId, providerId: "credential", userId, password: hash } });
}

async function findAccount(prisma: PrismaClient | Tx, email: string) {
  const address = normalizeEmail(email);
  const user = await prisma.user.findUnique({
    where: { email: address },
    select: { id: true, email: true, name: true, disabledAt: true, accounts: { where: { providerId: "credential" }, select: { id: true } } },
  });
  if (!user) throw new StaffAccountError("NO_SUCH_ACCOUNT", `no staff account with the e-mail ${address}`, { email: address });
  return user;
}

/** The account with this e-mail; a StaffAccountError when there is none. */
export async function findStaffAccount(prisma: PrismaClient, email: string): Promise<{ id: string; email: string; name: string; disabled: boolean }> {
  const user = await findAccount(prisma, email);
  return { id: user.id, email: user.email, name: user.name, disabled: user.disabledAt !== null };
}

/** `pnpm staff passwd` and the admin's reset: a new, temporary password; every session of the account ends. */
export async function setStaffPassword(prisma: PrismaClient, email: string, password: string): Promise<{ revokedSessions: number }> {
  const user = await findAccount(prisma, email);
  assertPassword(password, user);
  return prisma.$transaction(async (tx) => {
    await writePassword(tx, user.id, user.accounts[0]?.id, password, { temporary: true });
    const { count } = await tx.session.deleteMany({ where: { userId: user.id } });
    return { revokedSessions: count };
  });
}

/** `pnpm staff disable`: no more sign-ins, and its sessions end now. Disabling twice is no error. */
export async function disableStaffAccount(prisma: PrismaClient, email: string): Promise<{ revokedSessions: number; alreadyDisabled: boolean }> {
  return prisma.$transaction(async (tx) => {
    const user = await findAccount(tx, email);
    if (!user.disabledAt) await tx.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    const { count } = await tx.session.deleteMany({ where: { userId: user.id } });
    return { revokedSessions: count, alreadyDisabled: user.disabledAt !== null };
  });
}

/** `pnpm staff enable`: the account may sign in again (with its current password). */
export async function enableStaffAccount(prisma: PrismaClient, email: string): Promise<{ wasDisabled: boolean }> {
  const user = await findAccount(prisma, email);
  if (user.disabledAt) await prisma.user.update({ where: { id: user.id }, data: { disabledAt: null } });
  return { wasDisabled: user.disabledAt !== null };
}

/** `pnpm staff list`: every account, by e-mail. */
export async function listStaffAccounts(prisma: PrismaClient, now: Date = new Date()): Promise<StaffAccountSummary[]> {
  const users = await prisma.user.findMany({
    orderBy: { email: "asc" },
    select: {
      email: true,
      name: true,
      role: true,
      disabledAt: true,
      mustChangePassword: true,
      createdAt: true,
      _count: { select: { sessions: { where: { expiresAt: { gt: now } } } } },
    },
  });
  return users.map((u) => ({
    email: u.email,
    name: u.name,
    role: u.role,
    disabled: u.disabledAt !== null,
    mustChangePassword: u.mustChangePassword,
    createdAt: u.createdAt,
    activeSessions: u._count.sessions,
  }));
}

export interface OwnPasswordChange {
  userId: string;
  /** The temporary password, as its holder types it again. */
  currentPassword: string;
  newPassword: string;
  /** The session the change is made from: it stays signed in; every other session ends. */
  keepSessionId: string;
}

/**
 * The holder of a temporary password chooses their own (the dashboard's password page): the
 * current one verified with better-auth's hashing, the policy applied as for an admin's, the
 * temporary one refused as the new one. Clears `mustChangePassword` and ends the account's other
 * sessions. Only a temporary password is replaced this way (NOT_TEMPORARY): any other change is
 * an admin's, as before. The flag is cleared by a conditional update, so of two changes at once
 * only one is applied.
 */
export async function changeOwnPassword(prisma: PrismaClient, change: OwnPasswordChange): Promise<{ revokedSessions: number }> {
  const user = await prisma.user.findUnique({
    where: { id: change.userId },
    select: {
      id: true,
      email: true,
      name: true,
      mustChangePassword: true,
      accounts: { where: { providerId: "credential" }, select: { id: true, password: true } },
    },
  });
  const credential = user?.accounts[0];
  if (!user || !credential?.password) throw new StaffAccountError("NO_SUCH_ACCOUNT", "no staff account with a password for this session");
  if (!user.mustChangePassword) throw notTemporary();
  if (!(await verifyPassword({ hash: credential.password, password: change.currentPassword }))) {
    throw new StaffAccountError("WRONG_PASSWORD", "the current password is wrong");
  }
  if (change.newPassword === change.currentPassword) throw new StaffAccountError("SAME_PASSWORD", "the new password is the temporary one: choose another");
  assertPassword(change.newPassword, user);
  const hash = await hashPassword(change.newPassword);
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: user.id, mustChangePassword: true }, data: { mustChangePassword: false } });
    if (count === 0) throw notTemporary();
    await tx.account.update({ where: { id: credential.id }, data: { password: hash } });
    const revoked = await tx.session.deleteMany({ where: { userId: user.id, id: { not: change.keepSessionId } } });
    return { revokedSessions: revoked.count };
  });
}

const notTemporary = () => new StaffAccountError("NOT_TEMPORARY", "the password is not a temporary one: an admin changes it (staff page, pnpm staff passwd)");

/** True when the development account exists with its published password. */
export async function hasDefaultCredentials(prisma: PrismaClient): Promise<boolean> {
  const account = await prisma.account.findFirst({
    where: { providerId: "credential", user: { email: DEV_STAFF.email } },
    select: { password: true },
  });
  return account?.password ? verifyPassword({ hash: account.password, password: DEV_STAFF.password }) : false;
}
