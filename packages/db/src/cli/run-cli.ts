// Shared ending for the database CLIs: a StartupError (or any error) becomes one clear line
// on stderr and exit code 1, never a stack dump.
import { StartupError } from "../env.ts";

export async function runCli(main: () => Promise<number | void>): Promise<void> {
  try {
    const code = await main();
    if (typeof code === "number") process.exitCode = code;
  } catch (error) {
    const message = error instanceof StartupError ? error.message : error instanceof Error ? error.message : String(error);
    // One line, whatever the source: tools and people grep start-up logs line by line.
    process.stderr.write(`error: ${message.trim().replace(/\s*\n\s*/g, " ")}\n`);
    if (process.env.DEBUG_STARTUP && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    process.exitCode = 1;
  }
}
