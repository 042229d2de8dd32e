import type { Metadata } from "next";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { LeadDetail } from "./lead-detail";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("leads.title") });

/**
 * `?take=1`: opened from a message's take link (packages/notify/src/channels/take-link.ts). A
 * signed-out reader signs in and comes back here; the page then offers "I'll take it" first.
 */
export default async function LeadPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ take?: string | string[] }> }) {
  const [{ id }, { take }] = await Promise.all([params, searchParams]);
  const offerTake = take === "1";
  const staff = await requireStaff(`/dashboard/leads/${encodeURIComponent(id)}${offerTake ? "?take=1" : ""}`);
  return <LeadDetail id={id} isAdmin={staff.role === "admin"} selfId={staff.id} offerTake={offerTake} />;
}
