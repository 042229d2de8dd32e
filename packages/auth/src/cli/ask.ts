// Getting each value of `pnpm staff` from its flag, or from a person at the terminal. Without
// a terminal a missing flag is an error (scripts must not hang on a prompt). A password is
// never a flag (it would stay in the shell's history and show in `ps`): it is typed at a
// masked prompt, twice, or read as the first line of standard input when that is not a terminal.
import { isCancel, password, select, text } from "@clack/prompts";

/** The streams a command talks through: the process's own, or a test's. */
export interface CommandIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
}

// The prompts (@clack/prompts) draw on the process's own terminal: only a terminal is asked.
export const interactive = (io: CommandIo): boolean => Boolean(io.stdin.isTTY && io.stdout.isTTY);

/** Ctrl-C at a prompt. */
export class Cancelled extends Error {}

/**
 * How the command was used is wrong (a missing flag, a password as an argument, two different
 * passwords typed): one line on stderr like a StaffAccountError, but no refusal of an account
 * operation, so it has no reason code (the admin page never meets it).
 */
export class CommandLineError extends Error {
  override name = "CommandLineError";
}

function answered(value: string | symbol): string {
  if (typeof value !== "string" || isCancel(value)) throw new Cancelled("cancelled");
  return value;
}

export async function flagOrAsk(io: CommandIo, flag: string | undefined, name: string, question: string): Promise<string> {
  if (flag !== undefined) return flag;
  if (!interactive(io)) throw new CommandLineError(`--${name} is missing (or run the command in a terminal to be asked)`);
  return answered(await text({ message: question, validate: (value) => (value?.trim() ? undefined : "required") }));
}

export async function flagOrChoose(io: CommandIo, flag: string | undefined, name: string, question: string, choices: readonly string[]): Promise<string> {
  if (flag !== undefined) return flag;
  if (!interactive(io)) throw new CommandLineError(`--${name} is missing: ${choices.join(" or ")}`);
  return answered(await select<string>({ message: question, options: choices.map((value) => ({ value, label: value })) }));
}

/** `problem` is the password policy for this account: a weak password is asked again at the prompt. */
export async function newPassword(io: CommandIo, problem: (candidate: string) => string | null): Promise<string> {
  if (!interactive(io)) return firstLineOf(io.stdin);
  const first = answered(await password({ message: "New password", validate: (value) => problem(value ?? "") ?? undefined }));
  const again = answered(await password({ message: "The same password again" }));
  if (again !== first) throw new CommandLineError("the two passwords differ; nothing was changed");
  return first;
}

async function firstLineOf(stdin: NodeJS.ReadableStream): Promise<string> {
  let input = "";
  for await (const chunk of stdin) {
    input += String(chunk);
    if (input.includes("\n")) break;
  }
  const line = input.split(/\r?\n/)[0] ?? "";
  if (!line) throw new CommandLineError("no password on standard input (pipe it in, or run the command in a terminal to be asked)");
  return line;
}
