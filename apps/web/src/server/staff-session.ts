// Server components of the dashboard: the signed-in staff member, or a redirect to sign-in.
// Looked up once per request (React's cache): the layout (navigation) and the page both ask.
// A member signed in with a temporary password (an admin's) is sent to the password page from
// every other page; the procedures refuse them as well (packages/api/src/trpc.ts, staffProcedure).
import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { staffSessionFromHeaders, type StaffMember } from "@once/auth";
import { signInReturningTo } from "./return-path";
import { getAuth } from "./auth";

const currentSession = cache(async () => staffSessionFromHeaders(getAuth(), await headers()));

export const currentStaff = cache(async (): Promise<StaffMember | null> => (await currentSession())?.staff ?? null);

/**
 * The signed-in member of a dashboard page; to sign-in without one (coming back to `returnTo`
 * afterwards, a dashboard path), to the password page while theirs is temporary.
 */
export async function requireStaff(returnTo?: string): Promise<StaffMember> {
  const staff = await requireSignedInStaff(returnTo);
  if (staff.mustChangePassword) redirect("/dashboard/password");
  return staff;
}

/** The signed-in member, temporary password or not: for the password page only. */
export async function requireSignedInStaff(returnTo?: string): Promise<StaffMember> {
  const staff = await currentStaff();
  if (!staff) redirect(signInReturningTo(returnTo));
  return staff;
}
