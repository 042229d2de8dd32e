import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@once/ui";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { ChannelsAdmin } from "./channels-admin";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("channels.title") });

/** Admins only: for anyone else the page does not exist (its procedures answer 403 as well). */
export default async function ChannelsPage() {
  const [staff, t] = await Promise.all([requireStaff(), dashboardT()]);
  if (staff.role !== "admin") notFound();
  return (
    <>
      <PageHeader title={t("channels.title")} lead={t("channels.lead")} />
      <ChannelsAdmin />
    </>
  );
}
