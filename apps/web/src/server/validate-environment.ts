// Node-only half of instrumentation.ts (kept apart so the edge bundle never sees process.exit):
// validate the environment, then start the background upkeep.
export async function validateEnvironmentOrExit(): Promise<void> {
  try {
    const { env } = await import("~/env");
    const { retentionPolicyProblem } = await import("./retention-policy");
    const problem = retentionPolicyProblem(env);
    if (problem) throw new Error(problem);
    const { readNotifyConfig } = await import("@once/notify");
    readNotifyConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  await checkStaffAccounts();
  const { startMaintenance } = await import("./maintenance");
  startMaintenance();
}

/**
 * Development gets the documented staff account and a few sample inquiries; production
 * refuses to run while that account's published password works.
 */
async function checkStaffAccounts(): Promise<void> {
  const { env } = await import("~/env");
  const { prisma } = await import("./prisma");
  const { DEV_STAFF, hasDefaultCredentials, upsertStaffAccount } = await import("@once/auth");
  if (env.NODE_ENV === "production") {
    if (await hasDefaultCredentials(prisma())) {
      process.stderr.write(`refusing to start: the development staff account ${DEV_STAFF.email} still has its published password; change or delete it\n`);
      process.exit(1);
    }
  } else {
    await upsertStaffAccount(prisma(), DEV_STAFF);
    const { seedSampleLeads } = await import("@once/api");
    await seedSampleLeads(prisma());
  }
}
