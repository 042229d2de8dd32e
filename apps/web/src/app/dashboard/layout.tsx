// The dashboard's frame (its own, not the shop's: see ../(site)/layout.tsx): header with the
// destinations and the language switch, the dashboard's texts in the chosen language, the
// staff member's time zone, and the tRPC + TanStack Query clients its pages read through.
// Each page still checks the session itself (requireStaff): layouts are not re-run on every
// navigation.
import type { Metadata } from "next";
import { dashboardMessages } from "~/i18n/dashboard";
import { dashboardT } from "~/i18n/dashboard/server";
import { DashboardProvider } from "~/i18n/dashboard/dashboard-provider";
import { TimeZoneSync } from "~/i18n/dashboard/time-zone-sync";
import { getLocale } from "~/i18n/locale";
import { getTimeZone } from "~/i18n/time-zone-server";
import { currentStaff } from "~/server/staff-session";
import { TRPCReactProvider } from "~/trpc/react";
import { DashboardHeader } from "./dashboard-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await dashboardT();
  return { title: { default: t("common.product"), template: `%s · ${t("common.product")}` }, robots: { index: false } };
}

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const [locale, timeZone, staff] = await Promise.all([getLocale(), getTimeZone(), currentStaff()]);
  return (
    <DashboardProvider locale={locale} messages={dashboardMessages[locale]} timeZone={timeZone}>
      <TimeZoneSync />
      <DashboardHeader staff={staff && { name: staff.name, role: staff.role, mustChangePassword: staff.mustChangePassword === true }} />
      <TRPCReactProvider>
        <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">{children}</main>
      </TRPCReactProvider>
    </DashboardProvider>
  );
}
