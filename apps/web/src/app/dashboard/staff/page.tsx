import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@once/ui";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { StaffAdmin } from "./staff-admin";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("staff.title") });

/** Admins only: for anyone else the page does not exist (its procedures answer 403 as well). */
export default async function StaffPage() {
  const [staff, t] = await Promise.all([requireStaff(), dashboardT()]);
  if (staff.role !== "admin") notFound();
  return (
    <>
      <PageHeader title={t("staff.title")} lead={t("staff.lead")} />
      <StaffAdmin ownEmail={staff.email.toLowerCase()} />
    </>
  );
}
