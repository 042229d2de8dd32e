// Shared ending for the database CLIs: a StartupError (or any error) becomes one clear line
// on stderr and exit code 1, never a stack dump.
import { StartupError } from "../env.ts";

/** The one line a CLI prints for an error (with its newline); the stack too under DEBUG_STARTUP. */
export function cliErrorLines(error: unknown): string {
  const message = error instanceof StartupError ? error.message : error instanceof Error ? error.message : String(error);
  // One line, whatever the source: tools and people grep start-up logs line by line.
  const line = `error: ${message.trim().replace(/\s*\n\s*/g, " ")}\n`;
  return process.env.DEBUG_STARTUP && error instanceof Error ? `${line}${error.stack}\n` : line;
}

export async function runCli(main: () => Promise<number | void>): Promise<void> {
  try {
    const code = await main();
    if (typeof code === "number") process.exitCode = code;
  } catch (error) {
    process.stderr.write(cliErrorLines(error));
    process.exitCode = 1;
  }
}
