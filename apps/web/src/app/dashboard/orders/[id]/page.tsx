import type { Metadata } from "next";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { filtersToParams, filtersFromParams } from "../order-filters";
import { OrderDetail } from "./order-detail";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("orders.title") });

export default async function OrderPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[]>>;
}) {
  const [, { id }, query] = await Promise.all([requireStaff(), params, searchParams]);
  // The list's filters came along in the link: "back" returns to the same list.
  const list = filtersToParams(
    filtersFromParams(new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])))),
  ).toString();
  return <OrderDetail id={id} backHref={list ? `/dashboard/orders?${list}` : "/dashboard/orders"} />;
}
