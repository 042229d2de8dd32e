// The dashboard's destinations, in header order. `adminOnly` items are shown to admins only
// (the server still checks every admin action), like the staff-management page.
import type { DashboardKey } from "~/i18n/dashboard";

export interface NavItem {
  href: string;
  label: DashboardKey;
  adminOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/dashboard/leads", label: "common.nav.leads" },
  { href: "/dashboard/orders", label: "common.nav.orders" },
  { href: "/dashboard/ops", label: "common.nav.ops" },
  { href: "/dashboard/assignment", label: "common.nav.assignment" },
  { href: "/dashboard/reconciliation", label: "common.nav.reconciliation" },
  { href: "/dashboard/channels", label: "common.nav.channels", adminOnly: true },
  { href: "/dashboard/staff", label: "common.nav.staff", adminOnly: true },
];
