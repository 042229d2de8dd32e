// `pnpm staff` as an operator runs it, on real PostgreSQL: the command as its own process
// once (the password piped on standard input, no terminal; its output and exit code), then in
// this process through the same function (staff-command.ts) with streams of the test's, which
// is what the entry point (staff.ts) passes the process's own to; and what it does to sign-in
// and sessions (better-auth, as the dashboard uses it).
import { spawn } from "node:child_process";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createPrismaClient, type PrismaClient } from "@once/db";
import type {} from "@once/db/testing/global-setup";
import { createAuth, staffFromHeaders } from "../create-auth.ts";
import { runStaffCommand } from "./staff-command.ts";

const packageDir = path.resolve(import.meta.dirname, "../..");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `pnpm staff <args>` as its own process (tsx and Prisma start-up: seconds on a busy machine). */
function staffProcess(args: string[], stdin = ""): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(packageDir, "node_modules/.bin/tsx"), [path.join(packageDir, "src/cli/staff.ts"), ...args], {
      cwd: packageDir,
      env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** `pnpm staff <args>` in this process: piped standard input and output, as from a script. */
async function staff(args: string[], stdin = ""): Promise<Run> {
  const output = { stdout: "", stderr: "" };
  const sink = (stream: keyof typeof output) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        output[stream] += chunk.toString();
        done();
      },
    });
  const code = await runStaffCommand(args, {
    stdin: Readable.from(stdin ? [stdin] : []),
    stdout: sink("stdout"),
    stderr: sink("stderr"),
    env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
  });
  return { code, ...output };
}

let prisma: PrismaClient;
let auth: ReturnType<typeof createAuth>;
beforeAll(() => {
  prisma = createPrismaClient(inject("databaseUrl"), { poolSize: 2 });
  auth = createAuth(prisma, { secret: "x".repeat(40), baseURL: "http://localhost:3000" });
});
afterAll(() => prisma.$disconnect());

async function signIn(email: string, password: string): Promise<{ status: number; cookie: string; code?: string }> {
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return { status: response.status, cookie, code: body.code };
}

const PASSWORD = "harbour-lantern-47";

describe("pnpm staff", { timeout: 60_000 }, () => {
  it("creates an account from flags and a piped password, never printing the password", async () => {
    const run = await staffProcess(["add", "--email", "Lin@Shop.test", "--name", "Lin Wei", "--role", "sales"], `${PASSWORD}\n`);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toBe("created sales account lin@shop.test (Lin Wei)\n");
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
    expect((await signIn("lin@shop.test", PASSWORD)).status).toBe(200);
  });

  it("updates an existing account: name, role and password, and ends its sessions when the password changes", async () => {
    await staff(["add", "--email", "mo@shop.test", "--name", "Mo", "--role", "sales"], `${PASSWORD}\n`);
    const { cookie } = await signIn("mo@shop.test", PASSWORD);
    // Same password: the session survives.
    const same = await staff(["add", "--email", "mo@shop.test", "--name", "Mo Chen", "--role", "admin"], `${PASSWORD}\n`);
    expect(same.stdout).toBe("updated admin account mo@shop.test (Mo Chen)\n");
    expect(await staffFromHeaders(auth, new Headers({ cookie }))).toMatchObject({ name: "Mo Chen", role: "admin" });
    const changed = await staff(["add", "--email", "mo@shop.test", "--name", "Mo Chen", "--role", "admin"], "another-strong-phrase-8\n");
    expect(changed.code).toBe(0);
    expect(await staffFromHeaders(auth, new Headers({ cookie }))).toBeNull();
    expect((await signIn("mo@shop.test", PASSWORD)).status).toBe(401);
    expect((await signIn("mo@shop.test", "another-strong-phrase-8")).status).toBe(200);
    expect(await prisma.user.count({ where: { email: "mo@shop.test" } })).toBe(1);
  });

  it("refuses weak passwords, unknown roles and a password argument with one line each, and changes nothing", async () => {
    const cases: [string[], string, string][] = [
      [["add", "--email", "weak@shop.test", "--name", "Weak", "--role", "sales"], "short\n", "error: the password is too short: at least 12 characters\n"],
      [
        ["add", "--email", "weak@shop.test", "--name", "Weak", "--role", "sales"],
        "password12345\n",
        'error: the password is built on a commonly guessed word ("password")\n',
      ],
      [["add", "--email", "weak@shop.test", "--name", "Weak", "--role", "boss"], `${PASSWORD}\n`, 'error: unknown role "boss": use sales or admin\n'],
      [
        ["add", "--email", "weak@shop.test", "--name", "Weak", "--role", "sales", "--password", PASSWORD],
        "",
        "error: a password is never an argument (shell history, ps): type it at the prompt or pipe it on standard input\n",
      ],
      [["add", "--email", "not-an-address", "--name", "Weak", "--role", "sales"], `${PASSWORD}\n`, 'error: not an e-mail address: "not-an-address"\n'],
      [["add", "--email", "weak@shop.test", "--role", "sales"], `${PASSWORD}\n`, "error: --name is missing (or run the command in a terminal to be asked)\n"],
    ];
    for (const [args, stdin, line] of cases) {
      const run = await staff(args, stdin);
      expect({ code: run.code, stderr: run.stderr, stdout: run.stdout }, args.join(" ")).toEqual({ code: 1, stderr: line, stdout: "" });
    }
    expect(await prisma.user.count({ where: { email: "weak@shop.test" } })).toBe(0);
    const unknown = await staffProcess(["promote"]);
    expect(unknown.code).toBe(2); // the process's exit code
    expect(unknown.stderr).toMatch(/^unknown command "promote"\nusage: pnpm staff/);
  });

  it("disable signs the account out at once and refuses its sign-in; enable lets it in again", async () => {
    await staff(["add", "--email", "kai@shop.test", "--name", "Kai", "--role", "sales"], `${PASSWORD}\n`);
    const first = await signIn("kai@shop.test", PASSWORD);
    const second = await signIn("kai@shop.test", PASSWORD);
    expect(await staffFromHeaders(auth, new Headers({ cookie: first.cookie }))).toMatchObject({ email: "kai@shop.test" });

    const disabled = await staff(["disable", "--email", "KAI@shop.test"]);
    expect(disabled).toMatchObject({ code: 0, stdout: "disabled: kai@shop.test; 2 session(s) ended\n" });
    for (const session of [first, second]) expect(await staffFromHeaders(auth, new Headers({ cookie: session.cookie }))).toBeNull();
    expect(await signIn("kai@shop.test", PASSWORD)).toMatchObject({ status: 403, code: "ACCOUNT_DISABLED" });
    // A wrong password still says only "wrong": the account's state is not told to strangers.
    expect((await signIn("kai@shop.test", "not-the-password-at-all")).status).toBe(401);
    expect((await staff(["disable", "--email", "kai@shop.test"])).stdout).toBe("already disabled: kai@shop.test; 0 session(s) ended\n");

    const list = await staff(["list"]);
    expect(list.stdout).toMatch(/^EMAIL\s+NAME\s+ROLE\s+STATUS\s+SESSIONS\s+CREATED\n/);
    // The password `add` set is temporary: Kai has not chosen their own yet.
    expect(list.stdout).toMatch(/\nkai@shop\.test\s+Kai\s+sales\s+disabled, must change password\s+0\s+\d{4}-\d\d-\d\d\n/);

    expect((await staff(["enable", "--email", "kai@shop.test"])).stdout).toBe("enabled: kai@shop.test\n");
    expect((await signIn("kai@shop.test", PASSWORD)).status).toBe(200);
  });

  it("passwd sets a new password and ends the account's sessions; an unknown e-mail is one line", async () => {
    await staff(["add", "--email", "ivy@shop.test", "--name", "Ivy", "--role", "admin"], `${PASSWORD}\n`);
    const { cookie } = await signIn("ivy@shop.test", PASSWORD);
    const run = await staff(["passwd", "--email", "ivy@shop.test"], "quiet-meadow-train-5\n");
    expect(run).toMatchObject({ code: 0, stdout: "password changed for ivy@shop.test; 1 session(s) ended\n" });
    expect(await staffFromHeaders(auth, new Headers({ cookie }))).toBeNull();
    expect((await signIn("ivy@shop.test", "quiet-meadow-train-5")).status).toBe(200);
    const weak = await staff(["passwd", "--email", "ivy@shop.test"], "ivy\n");
    expect(weak).toMatchObject({ code: 1, stderr: "error: the password is too short: at least 12 characters\n" });
    const unknown = await staff(["passwd", "--email", "nobody@shop.test"], `${PASSWORD}\n`);
    expect(unknown).toMatchObject({ code: 1, stderr: "error: no staff account with the e-mail nobody@shop.test\n" });
  });
});
