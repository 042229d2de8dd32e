// Node-only half of instrumentation.ts (kept apart so the edge bundle never sees process.exit).
export async function validateEnvironmentOrExit(): Promise<void> {
  try {
    await import("~/env");
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
