// The development account, documented in the README: created by `pnpm dev`; production refuses
// to start while it still has this password (staff-accounts.ts, hasDefaultCredentials).
import type { StaffRole } from "./roles.ts";

export const DEV_STAFF_PASSWORD = "change-me-now";
export const DEV_STAFF = { email: "sales@example.com", password: DEV_STAFF_PASSWORD, name: "Dev Sales", role: "admin" as StaffRole };
