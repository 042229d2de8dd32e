import type { Metadata } from "next";
import { PageHeader } from "@once/ui";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { OpsView } from "./ops-view";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("ops.title") });

export default async function OpsPage() {
  const [, t] = await Promise.all([requireStaff(), dashboardT()]);
  return (
    <>
      <PageHeader title={t("ops.title")} />
      <OpsView />
    </>
  );
}
