// Entry point of `pnpm staff` (see staff-command.ts): the command on this process's own
// arguments, streams and environment; its answer is the exit code.
import { runStaffCommand } from "./staff-command.ts";

process.exitCode = await runStaffCommand(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
