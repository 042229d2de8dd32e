// Staff roles: "sales" works the leads and orders; "admin" also sees the operator view and
// manages the outbox. The one list every check and prompt is built from.
export const STAFF_ROLES = ["sales", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}
