// Staff accounts the browser tests sign in with (created by run-e2e.ts; not the dev account).
export const E2E_STAFF = [
  { email: "alice@staff.test", password: "alice-e2e-password", name: "Alice Sales", role: "admin" as const },
  { email: "bob@staff.test", password: "bob-e2e-password", name: "Bob Sales", role: "sales" as const },
];
