// Runs once when a server node starts, before it serves: a bad environment stops it with
// one line per bad variable instead of failing on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { validateEnvironmentOrExit } = await import("./server/validate-environment");
    await validateEnvironmentOrExit();
  }
}
