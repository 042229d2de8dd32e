import type { Metadata } from "next";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { PackingList } from "./packing-list";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("orders.packing.title") });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function PackingListPage({ searchParams }: { searchParams: Promise<{ ids?: string }> }) {
  const [, { ids }] = await Promise.all([requireStaff(), searchParams]);
  // ?ids=a,b,c from the list's selection; anything that is not an order id is left out.
  const selected = [...new Set((ids ?? "").split(",").filter((id) => UUID.test(id)))].slice(0, 100);
  return <PackingList ids={selected} />;
}
