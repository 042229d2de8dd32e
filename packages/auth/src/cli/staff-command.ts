// `pnpm staff add|passwd|disable|enable|list`: staff accounts on the database of DATABASE_URL
// (unset: the embedded development database). Every refusal is one line on stderr and exit 1
// (a wrong command line: exit 2). See README "Staff accounts". A function of its arguments,
// streams and environment (staff.ts passes the process's own), so that its tests run it in
// their own process: staff-cli.test.ts runs it some 25 times.
import { parseArgs } from "node:util";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { cliErrorLines } from "@once/db/cli";
import { assertDatabaseReachable, resolveDatabaseUrl } from "@once/db/database-url";
import { passwordProblem } from "../password-policy.ts";
import { STAFF_ROLES } from "../roles.ts";
import { addStaffAccount, disableStaffAccount, enableStaffAccount, findStaffAccount, listStaffAccounts, setStaffPassword } from "../staff-accounts.ts";
import { Cancelled, CommandLineError, flagOrAsk, flagOrChoose, newPassword, type CommandIo } from "./ask.ts";

const USAGE = `usage: pnpm staff <command> [flags]
  add     --email E --name N --role ${STAFF_ROLES.join("|")}   create an account, or update the one with that e-mail
  passwd  --email E                              set a new password (its sessions end)
  disable --email E                              no more sign-ins; its sessions end now
  enable  --email E                              may sign in again
  list                                           every account
Missing flags are asked for in a terminal. The password is typed at a masked prompt, or piped
in on standard input (first line), never given as an argument. The password add and passwd
set is temporary: its holder chooses their own at the next sign-in to the dashboard.`;

type Flags = { email?: string; name?: string; role?: string };

const commands: Record<string, (prisma: PrismaClient, flags: Flags, io: CommandIo) => Promise<string>> = {
  async add(prisma, flags, io) {
    const email = await flagOrAsk(io, flags.email, "email", "E-mail");
    const name = await flagOrAsk(io, flags.name, "name", "Name");
    const role = await flagOrChoose(io, flags.role, "role", "Role", STAFF_ROLES);
    const password = await newPassword(io, (candidate) => passwordProblem(candidate, { email, name }));
    const { created } = await addStaffAccount(prisma, { email, name, role, password });
    return `${created ? "created" : "updated"} ${role} account ${email.trim().toLowerCase()} (${name.trim()})`;
  },
  async passwd(prisma, flags, io) {
    const email = await flagOrAsk(io, flags.email, "email", "E-mail");
    await findStaffAccount(prisma, email); // before the password is asked for
    const password = await newPassword(io, (candidate) => passwordProblem(candidate, { email }));
    const { revokedSessions } = await setStaffPassword(prisma, email, password);
    return `password changed for ${email.trim().toLowerCase()}; ${revokedSessions} session(s) ended`;
  },
  async disable(prisma, flags, io) {
    const email = await flagOrAsk(io, flags.email, "email", "E-mail");
    const { revokedSessions, alreadyDisabled } = await disableStaffAccount(prisma, email);
    return `${alreadyDisabled ? "already disabled" : "disabled"}: ${email.trim().toLowerCase()}; ${revokedSessions} session(s) ended`;
  },
  async enable(prisma, flags, io) {
    const email = await flagOrAsk(io, flags.email, "email", "E-mail");
    const { wasDisabled } = await enableStaffAccount(prisma, email);
    return `${wasDisabled ? "enabled" : "already enabled"}: ${email.trim().toLowerCase()}`;
  },
  async list(prisma) {
    const accounts = await listStaffAccounts(prisma);
    if (accounts.length === 0) return "no staff accounts yet: pnpm staff add";
    const rows = [
      ["EMAIL", "NAME", "ROLE", "STATUS", "SESSIONS", "CREATED"],
      ...accounts.map((a) => [a.email, a.name, a.role, status(a), String(a.activeSessions), a.createdAt.toISOString().slice(0, 10)]),
    ];
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    return rows
      .map((row) =>
        row
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join("  ")
          .trimEnd(),
      )
      .join("\n");
  },
};

/** "active" or "disabled", and whether the holder has yet to replace the temporary password (staff-accounts.ts). */
const status = (a: { disabled: boolean; mustChangePassword: boolean }) =>
  `${a.disabled ? "disabled" : "active"}${a.mustChangePassword ? ", must change password" : ""}`;

/** Runs `pnpm staff <argv>`; resolves to its exit code (0, 1 refused, 2 wrong command line, 130 cancelled). */
export async function runStaffCommand(argv: string[], io: CommandIo & { env: NodeJS.ProcessEnv }): Promise<number> {
  try {
    return await staffCommand(argv, io);
  } catch (error) {
    io.stderr.write(cliErrorLines(error));
    return 1;
  }
}

async function staffCommand(argv: string[], io: CommandIo & { env: NodeJS.ProcessEnv }): Promise<number> {
  if (argv.some((arg) => arg === "--password" || arg.startsWith("--password="))) {
    throw new CommandLineError("a password is never an argument (shell history, ps): type it at the prompt or pipe it on standard input");
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" }, help: { type: "boolean" } },
    });
  } catch (error) {
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const [command, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const run = command ? commands[command] : undefined;
  if (!run || extra.length > 0) {
    io.stderr.write(`${command && !run ? `unknown command "${command}"\n` : ""}${USAGE}\n`);
    return 2;
  }
  const database = await resolveDatabaseUrl(io.env);
  const prisma = createPrismaClient(database.connectionString, { poolSize: 1 });
  try {
    await assertDatabaseReachable(database.connectionString);
    io.stdout.write(`${await run(prisma, parsed.values, io)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Cancelled) return 130;
    // P2021/P2022: a table or column this release expects is missing.
    if (["P2021", "P2022"].includes((error as { code?: string }).code ?? "")) {
      throw new Error("the database is behind this release's migrations: apply them first (pnpm db:migrate)");
    }
    throw error;
  } finally {
    await prisma.$disconnect();
    await database.release();
  }
}
