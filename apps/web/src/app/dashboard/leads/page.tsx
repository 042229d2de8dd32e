import { requireStaff } from "~/server/staff-session";
import { StaffNav } from "../staff-nav";
import { LeadTable } from "./lead-table";

export const dynamic = "force-dynamic";
export const metadata = { title: "Leads" };

export default async function LeadsPage() {
  const staff = await requireStaff();
  return (
    <>
      <StaffNav name={staff.name} role={staff.role} />
      <h1>Leads</h1>
      <LeadTable />
    </>
  );
}
