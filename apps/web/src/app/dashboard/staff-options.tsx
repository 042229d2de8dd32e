"use client";
// The staff members as <option>s, for the assignee filter and the assignee picker.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

export function StaffOptions() {
  const trpc = useTRPC();
  const staff = useQuery(trpc.dashboard.staff.queryOptions());
  return (
    <>
      {staff.data?.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </>
  );
}
