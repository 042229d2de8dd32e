import type { Metadata } from "next";
import { PageHeader } from "@once/ui";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { ReconciliationView } from "./reconciliation-view";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("reconciliation.title") });

export default async function ReconciliationPage() {
  const t = (await Promise.all([requireStaff(), dashboardT()]))[1];
  return (
    <>
      <PageHeader title={t("reconciliation.title")} lead={t("reconciliation.lead")} />
      <ReconciliationView />
    </>
  );
}
