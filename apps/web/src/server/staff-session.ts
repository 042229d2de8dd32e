// Server components of the dashboard: the signed-in staff member, or a redirect to sign-in.
// Looked up once per request (React's cache): the layout (navigation) and the page both ask.
// A member signed in with a temporary password (an admin's) is sent to the password page from
// every other page; the procedures refuse them as well (packages/api/src/trpc.ts, staffProcedure).
import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { staffSessionFromHeaders, type StaffMember } from "@once/auth";
import { getAuth } from "./auth";

const currentSession = cache(async () => staffSessionFromHeaders(getAuth(), await headers()));

export const currentStaff = cache(async (): Promise<StaffMember | null> => (await currentSession())?.staff ?? null);

/** The signed-in member of a dashboard page; to sign-in without one, to the password page while theirs is temporary. */
export async function requireStaff(): Promise<StaffMember> {
  const staff = await requireSignedInStaff();
  if (staff.mustChangePassword) redirect("/dashboard/password");
  return staff;
}

/** The signed-in member, temporary password or not: for the password page only. */
export async function requireSignedInStaff(): Promise<StaffMember> {
  const staff = await currentStaff();
  if (!staff) redirect("/dashboard/sign-in");
  return staff;
}
