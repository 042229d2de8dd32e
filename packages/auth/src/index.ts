export { createAuth, staffFromHeaders, STAFF_ROLES, type Auth, type AuthOptions, type StaffMember, type StaffRole } from "./create-auth.ts";
export {
  upsertStaffAccount,
  addStaffAccount,
  findStaffAccount,
  setStaffPassword,
  disableStaffAccount,
  enableStaffAccount,
  listStaffAccounts,
  hasDefaultCredentials,
  StaffAccountError,
  DEV_STAFF,
  type StaffAccountInput,
  type StaffAccountSummary,
} from "./staff-accounts.ts";
export { passwordProblem, PASSWORD_MIN_LENGTH } from "./password-policy.ts";
export { isStaffRole } from "./roles.ts";
