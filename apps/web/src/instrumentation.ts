// Runs once when a server node starts, before it serves: a bad environment stops it with
// one line per bad variable instead of failing on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  try {
    await import("./env");
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
