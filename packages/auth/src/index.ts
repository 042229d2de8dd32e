export {
  createAuth,
  staffFromHeaders,
  staffSessionFromHeaders,
  STAFF_ROLES,
  type Auth,
  type AuthOptions,
  type StaffMember,
  type StaffRole,
} from "./create-auth.ts";
export {
  upsertStaffAccount,
  addStaffAccount,
  createStaffAccount,
  findStaffAccount,
  setStaffPassword,
  changeOwnPassword,
  disableStaffAccount,
  enableStaffAccount,
  listStaffAccounts,
  hasDefaultCredentials,
  StaffAccountError,
  DEV_STAFF,
  type StaffAccountInput,
  type StaffAccountSummary,
  type OwnPasswordChange,
} from "./staff-accounts.ts";
export { passwordProblem, passwordViolation, PASSWORD_MIN_LENGTH, type PasswordViolation } from "./password-policy.ts";
export {
  STAFF_REFUSAL_REASONS,
  PASSWORD_RULES,
  isStaffRefusalReason,
  isPasswordRule,
  type StaffRefusalReason,
  type PasswordRule,
  type RefusalParams,
} from "./refusals.ts";
export { isStaffRole } from "./roles.ts";
export { staffSessionStands } from "./session-check.ts";
