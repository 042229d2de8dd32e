"use client";
// The staff members as <option>s, for the assignee filter and the assignee picker. `current` (the
// member a picker shows as chosen) is an option too until the list has loaded, or when the list
// lacks it: otherwise a select whose value names nobody in it shows its first option instead
// ("Unassigned" for a lead that has an owner) for as long as the list takes.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

export function StaffOptions({ current }: { current?: { id: string; name: string } | null }) {
  const trpc = useTRPC();
  const staff = useQuery(trpc.dashboard.staff.queryOptions());
  const listed = staff.data ?? [];
  const options = current && !listed.some((s) => s.id === current.id) ? [current, ...listed] : listed;
  return (
    <>
      {options.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </>
  );
}
