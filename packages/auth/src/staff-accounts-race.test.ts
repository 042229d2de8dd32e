// Two creations of one e-mail at the same moment (two admins inviting the same colleague, or
// `pnpm staff add` run twice): both find no account, both try to insert, and the database's
// unique e-mail lets one through. The other must be the same EMAIL_TAKEN refusal a later
// creation gets, never the unique violation itself (a 500 on the admin page).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createPrismaClient, type PrismaClient } from "@once/db";
import type {} from "@once/db/testing/global-setup";
import { addStaffAccount, createStaffAccount, StaffAccountError } from "./staff-accounts.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = createPrismaClient(inject("databaseUrl"), { poolSize: 4 });
});
afterAll(() => prisma.$disconnect());

const colleague = (email: string, name: string) => ({ email, name, role: "sales", password: "violet-harbour-lantern-42" });

/** Settles both calls, started together; the fulfilled ones and the reasons of the refused ones. */
async function race(create: () => Promise<unknown>) {
  const outcomes = await Promise.allSettled([create(), create()]);
  const refusals = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : []));
  return { created: outcomes.filter((o) => o.status === "fulfilled").length, refusals };
}

describe("concurrent creations of one e-mail", () => {
  it.each([
    ["an invitation (createStaffAccount)", createStaffAccount],
    ["pnpm staff add (addStaffAccount)", addStaffAccount],
  ])("%s: exactly one succeeds, the other is refused as EMAIL_TAKEN", async (_, create) => {
    const email = `race-${create.name.toLowerCase()}-${Date.now()}@staff.test`;
    const { created, refusals } = await race(() => create(prisma, colleague(email.toUpperCase(), "Race Ren")));
    expect(created).toBe(1);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toBeInstanceOf(StaffAccountError);
    expect(refusals[0]).toMatchObject({ reason: "EMAIL_TAKEN", params: { email }, message: `there is already a staff account with the e-mail ${email}` });
    expect(await prisma.user.count({ where: { email } })).toBe(1);
  });
});
