import type { Metadata } from "next";
import { PageHeader } from "@once/ui";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { AssignmentAdmin } from "./assignment-admin";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("assignment.title") });

/** Everyone sees who takes leads and can mark themselves away; admins also manage the rules (the server checks each). */
export default async function AssignmentPage() {
  const [staff, t] = await Promise.all([requireStaff(), dashboardT()]);
  return (
    <>
      <PageHeader title={t("assignment.title")} lead={t("assignment.lead")} />
      <AssignmentAdmin self={{ id: staff.id, admin: staff.role === "admin" }} />
    </>
  );
}
