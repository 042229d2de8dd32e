// Server components of the dashboard: the signed-in staff member, or a redirect to sign-in.
import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { staffFromHeaders, type StaffMember } from "@once/auth";
import { getAuth } from "./auth";

export async function requireStaff(): Promise<StaffMember> {
  const staff = await staffFromHeaders(getAuth(), await headers());
  if (!staff) redirect("/dashboard/sign-in");
  return staff;
}
