import type { Metadata } from "next";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { LeadDetail } from "./lead-detail";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("leads.title") });

export default async function LeadPage({ params }: { params: Promise<{ id: string }> }) {
  const [staff, { id }] = await Promise.all([requireStaff(), params]);
  return <LeadDetail id={id} isAdmin={staff.role === "admin"} selfId={staff.id} />;
}
