import { requireStaff } from "~/server/staff-session";
import { StaffNav } from "../staff-nav";
import { OpsView } from "./ops-view";

export const dynamic = "force-dynamic";
export const metadata = { title: "Operations" };

export default async function OpsPage() {
  const staff = await requireStaff();
  return (
    <>
      <StaffNav name={staff.name} role={staff.role} />
      <h1>Operations</h1>
      <OpsView />
    </>
  );
}
