import { requireStaff } from "~/server/staff-session";
import { StaffNav } from "../staff-nav";
import { OrderTable } from "./order-table";

export const dynamic = "force-dynamic";
export const metadata = { title: "Orders" };

export default async function OrdersPage() {
  const staff = await requireStaff();
  return (
    <>
      <StaffNav name={staff.name} role={staff.role} />
      <h1>Sample-guide orders</h1>
      <OrderTable />
    </>
  );
}
