import type { Metadata } from "next";
import { PageHeader } from "@once/ui";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { LeadTable } from "./lead-table";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("leads.title") });

export default async function LeadsPage() {
  const [, t] = await Promise.all([requireStaff(), dashboardT()]);
  return (
    <>
      <PageHeader title={t("leads.title")} />
      <LeadTable />
    </>
  );
}
