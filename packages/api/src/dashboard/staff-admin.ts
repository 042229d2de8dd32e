// The admin page's staff management, on @once/auth's staff-account functions (the same ones
// `pnpm staff` calls, so both refuse the same weak passwords and unknown roles; each refusal is a
// StaffAccountError with a reason code the page words in the reader's language).
// Inviting creates the account with a temporary password the admin hands over; resetting sets
// a new one; both passwords are temporary, which the member replaces on the dashboard's password
// page before anything else (replaceTemporaryPassword). Disabling (and resetting) ends the
// account's sessions at once. An admin cannot disable their own account: the last admin could
// lock everyone out of this page.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import {
  changeOwnPassword,
  createStaffAccount,
  disableStaffAccount,
  enableStaffAccount,
  findStaffAccount,
  listStaffAccounts,
  setStaffPassword,
  StaffAccountError,
} from "@once/auth";
import { safeText } from "../text-safety.ts";

const email = z.string().trim().min(1).max(254).check(safeText("email"));
// Passwords are checked by the staff-account policy; only their size is bounded here.
const password = z.string().max(200);

export const staffInviteInput = z.object({
  email,
  /** An empty name is @once/auth's refusal (EMPTY_NAME, worded on the page), not a schema error. */
  name: z.string().trim().max(100).check(safeText("name")),
  /** Checked by @once/auth (one sentence for an unknown role), not by an enum here. */
  role: z.string().max(40),
  password,
});
export const staffPasswordInput = z.object({ email, password });
export const staffEmailInput = z.object({ email });
/** The password page: the temporary password typed again, and the member's own (its confirmation is the page's). */
export const ownPasswordInput = z.object({ currentPassword: password, newPassword: password });

export { StaffAccountError };

/** A new account only: an e-mail that has one (already, or from an invitation committed a moment earlier) is EMAIL_TAKEN. */
export const inviteStaff = (prisma: PrismaClient, input: z.infer<typeof staffInviteInput>) => createStaffAccount(prisma, input);

export const resetStaffPassword = (prisma: PrismaClient, input: z.infer<typeof staffPasswordInput>) => setStaffPassword(prisma, input.email, input.password);

export async function disableStaff(prisma: PrismaClient, actorId: string, input: z.infer<typeof staffEmailInput>) {
  const account = await findStaffAccount(prisma, input.email);
  if (account.id === actorId) throw new StaffAccountError("OWN_ACCOUNT", "you cannot disable your own account");
  return disableStaffAccount(prisma, input.email);
}

export const enableStaff = (prisma: PrismaClient, input: z.infer<typeof staffEmailInput>) => enableStaffAccount(prisma, input.email);

export const listStaff = (prisma: PrismaClient) => listStaffAccounts(prisma);

/** The signed-in member replaces their temporary password; `sessionId` (theirs) stays signed in, every other session ends. */
export const replaceTemporaryPassword = (prisma: PrismaClient, member: { id: string; sessionId: string }, input: z.infer<typeof ownPasswordInput>) =>
  changeOwnPassword(prisma, { userId: member.id, keepSessionId: member.sessionId, ...input });
