// Production refuses unsafe configuration with one clear line: the documented development
// staff account with its published password, a missing secret, a plain-http webhook.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@once/db";
import { createTestDatabase, type TestDatabase } from "@once/db/testing";
import { DEV_STAFF, upsertStaffAccount } from "@once/auth";
import { startNode } from "@once/scripts/cluster/node-process";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("devcreds");
  const prisma = createPrismaClient(database.url, { poolSize: 1 });
  await upsertStaffAccount(prisma, DEV_STAFF);
  await prisma.$disconnect();
});
afterAll(() => database.drop());

describe("production start-up", () => {
  it("refuses default staff credentials with one clear line", async () => {
    const attempt = await startNode({ port: 3241, databaseUrl: database.url }).then(
      async (node) => {
        await node.stop();
        return null;
      },
      (error: unknown) => error as Error,
    );
    expect(attempt).toBeInstanceOf(Error);
    expect(attempt!.message).toMatch(/refusing to start: the development staff account sales@example\.com still has its published password/);
  });

  const refusal = (env: Record<string, string>, port: number) =>
    startNode({ port, databaseUrl: database.url, env }).then(
      async (node) => {
        await node.stop();
        return "started";
      },
      (error: unknown) => (error as Error).message,
    );

  it("refuses to start without SESSION_SECRET or BETTER_AUTH_SECRET, naming the variable", async () => {
    expect(await refusal({ SESSION_SECRET: "" }, 3242)).toMatch(/refusing to start: SESSION_SECRET is not set/);
    expect(await refusal({ BETTER_AUTH_SECRET: "" }, 3243)).toMatch(/refusing to start: BETTER_AUTH_SECRET is not set/);
  });

  it("refuses a plain-http webhook to a host that is not this machine", async () => {
    const message = await refusal(
      { NOTIFY_WEBHOOK_URL: "http://crm.example.com/hooks", NOTIFY_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
      3244,
    );
    expect(message).toMatch(/invalid environment variable NOTIFY_WEBHOOK_URL: .*https/);
  });
});
