// Server components of the dashboard: the signed-in staff member, or a redirect to sign-in.
// Looked up once per request (React's cache): the layout (navigation) and the page both ask.
import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { staffFromHeaders, type StaffMember } from "@once/auth";
import { getAuth } from "./auth";

export const currentStaff = cache(async (): Promise<StaffMember | null> => staffFromHeaders(getAuth(), await headers()));

export async function requireStaff(): Promise<StaffMember> {
  const staff = await currentStaff();
  if (!staff) redirect("/dashboard/sign-in");
  return staff;
}
