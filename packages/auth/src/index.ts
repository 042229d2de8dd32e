export { createAuth, staffFromHeaders, STAFF_ROLES, type Auth, type AuthOptions, type StaffMember, type StaffRole } from "./create-auth.ts";
export { upsertStaffAccount, hasDefaultCredentials, DEV_STAFF } from "./staff-accounts.ts";
