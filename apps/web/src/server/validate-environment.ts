// Node-only half of instrumentation.ts (kept apart so the edge bundle never sees process.exit):
// validate the environment, then start the background upkeep.
export async function validateEnvironmentOrExit(): Promise<void> {
  try {
    await import("~/env");
    const { readNotifyConfig } = await import("@once/notify");
    readNotifyConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const { startMaintenance } = await import("./maintenance");
  startMaintenance();
}
