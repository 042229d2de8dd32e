import { requireStaff } from "~/server/staff-session";
import { StaffNav } from "../../staff-nav";
import { LeadDetail } from "./lead-detail";

export const dynamic = "force-dynamic";
export const metadata = { title: "Lead" };

export default async function LeadPage({ params }: { params: Promise<{ id: string }> }) {
  const [staff, { id }] = await Promise.all([requireStaff(), params]);
  return (
    <>
      <StaffNav name={staff.name} role={staff.role} />
      <LeadDetail id={id} isAdmin={staff.role === "admin"} />
    </>
  );
}
