import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@once/ui";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireStaff } from "~/server/staff-session";
import { OrderTable } from "./order-table";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("orders.title") });

export default async function OrdersPage() {
  const [, t] = await Promise.all([requireStaff(), dashboardT()]);
  return (
    <>
      <PageHeader title={t("orders.title")} />
      {/* The filters are read from the URL on the client (useSearchParams). */}
      <Suspense>
        <OrderTable />
      </Suspense>
    </>
  );
}
